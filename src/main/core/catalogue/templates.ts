/**
 * Each brand's templates: the local copy against the platform's latest announced version, when it
 * was checked, and whether it is stale; an update action through the sync's own download path
 * (verified, recorded, older copies pruned); and a safe HTML preview of the local copy.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../../shared/ipc/errors';
import type { TemplateRecord, TemplatesRepository } from '../ledger/repositories/templates';
import { NO_ACCESS, updateTemplate, type TemplateUpdateContext } from '../sync/templates';
import { readZip } from '../sync/zip-check';
import { previewTemplateHtml } from './template-preview';

export interface TemplateView {
  brand: string;
  name: string;
  localVersion: string | null;
  platformVersion: string;
  checkedAt: string;
  downloadedAt: string | null;
  /** No verified local copy, or the platform announced another version since. */
  stale: boolean;
  previewable: boolean;
}

function view(row: TemplateRecord): TemplateView {
  return {
    brand: row.brandSlug,
    name: row.name,
    localVersion: row.localVersion,
    platformVersion: row.platformVersion,
    checkedAt: row.checkedAt,
    downloadedAt: row.downloadedAt,
    stale: row.localVersion === null || row.localVersion !== row.platformVersion,
    previewable: row.filePath !== null,
  };
}

export function listTemplates(
  repository: TemplatesRepository,
  workspaceId: number,
  brand?: string,
): TemplateView[] {
  return repository
    .list(workspaceId)
    .filter((row) => brand === undefined || row.brandSlug === brand)
    .map(view);
}

function find(
  repository: TemplatesRepository,
  workspaceId: number,
  brand: string,
  name: string,
): TemplateRecord {
  const row = repository.list(workspaceId).find((item) => item.brandSlug === brand && item.name === name);
  if (row === undefined)
    throw new AppError(
      'not_found',
      `No template "${name}" is known for ${brand}. Run a sync to list templates.`,
    );
  return row;
}

/** Download the platform's latest known version of one template (when stale) and answer its state. */
export async function updateOneTemplate(
  repository: TemplatesRepository,
  context: TemplateUpdateContext,
  brand: string,
  name: string,
): Promise<{ template: TemplateView; updated: boolean }> {
  const row = find(repository, context.workspaceId, brand, name);
  if (!view(row).stale) return { template: view(row), updated: false };
  const failure = await updateTemplate(context, repository, { brand, name, version: row.platformVersion });
  if (failure === NO_ACCESS)
    throw new AppError(
      'platform_rejected',
      `The platform does not give this account access to ${brand}/${name}.`,
    );
  if (failure !== null)
    throw new AppError(
      'platform_rejected',
      `The template could not be updated; the previous copy is kept (${failure}).`,
    );
  return { template: view(find(repository, context.workspaceId, brand, name)), updated: true };
}

/** The local copy's index.html, sanitised, with its own images and CSS inlined. */
export async function previewTemplate(
  repository: TemplatesRepository,
  workspaceId: number,
  workspaceDir: string,
  brand: string,
  name: string,
): Promise<{ html: string; version: string }> {
  const row = find(repository, workspaceId, brand, name);
  if (row.filePath === null || row.localVersion === null)
    throw new AppError('not_found', `There is no local copy of ${brand}/${name} yet: update it first.`);
  const archive = readZip(await readFile(join(workspaceDir, row.filePath)));
  const index = archive.ok ? archive.files.get('index.html') : undefined;
  if (!archive.ok || index === undefined)
    throw new AppError('not_found', `The local copy of ${brand}/${name} is damaged; update it again.`);
  return { html: previewTemplateHtml(index.toString('utf8'), archive.files), version: row.localVersion };
}
