/**
 * Templates: list every (brand, template) version, then download the ones whose version changed,
 * that were never downloaded, or whose file is gone. Each download lands beside the copies under a
 * staging name (`<version>.zip.download`, itself written via `.part` by the client), is verified as a
 * ZIP with index.html (zip-check.ts), and only then renamed to
 * <workspace>/templates/<brand>/<name>/<version>.zip and recorded: the copy it replaces becomes the
 * previous copy, and anything older in that folder is deleted. A failed or invalid download leaves
 * the verified copies and the row as they were, and is reported in the outcome's `incomplete` reason
 * without stopping the other templates — except a file that cannot be written (a full disk, a
 * folder FloatDesk may not write: disk_full, file_access), which stops the sync at once with that
 * error, since every other download would fail the same way. Cancellation stops between downloads
 * (and aborts the one under way); what was verified before stays. Folders and files are owner-only.
 */
import { AppError } from '../../../shared/ipc/errors';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isoNow } from '../clock';
import { isLocalFileError, localFileError } from '../files/fs-errors';
import { makePrivateFolder } from '../files/private-files';
import { TemplatesRepository, type TemplateRecord } from '../ledger/repositories/templates';
import { isSqliteError } from '../ledger/storage-errors';
import { safeSegment } from './file-names';
import { forEachLimited } from './pool';
import type { DatasetOutcome, DatasetSync, SyncContext } from './types';
import { checkZip } from './zip-check';

export interface TemplateSyncOptions {
  /** Downloads at a time (default 2; the transport's rate limiter paces them anyway). */
  concurrency?: number;
}

export const TEMPLATES_FOLDER = 'templates';

interface Listed {
  brand: string;
  name: string;
  version: string;
}

const keyOf = (brand: string, name: string): string => `${brand}\u0000${name}`;

function isDue(item: Listed, row: TemplateRecord | undefined, workspaceDir: string): boolean {
  if (row?.localVersion !== item.version || row.filePath === null) return true;
  return !existsSync(join(workspaceDir, row.filePath));
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Delete every file in `folder` but the ones named in `keep` (older copies, leftovers). */
async function prune(folder: string, keep: ReadonlyArray<string | null>): Promise<void> {
  const kept = new Set(keep.filter((name): name is string => name !== null));
  for (const entry of await readdir(folder)) {
    if (!kept.has(entry)) await rm(join(folder, entry), { recursive: true, force: true });
  }
}

/** What downloading one template needs (a sync's context, or the catalogue's update action). */
export type TemplateUpdateContext = Pick<
  SyncContext,
  'client' | 'workspaceId' | 'workspaceDir' | 'clock' | 'signal'
>;

/**
 * Download, verify and record one template; the reason it failed, `NO_ACCESS`, or null. Also the
 * catalogue's "update" action for one stale template.
 */
export async function updateTemplate(
  context: TemplateUpdateContext,
  repository: TemplatesRepository,
  item: Listed,
): Promise<string | null> {
  const { workspaceDir, signal } = context;
  const relativeFolder = `${TEMPLATES_FOLDER}/${safeSegment(item.brand)}/${safeSegment(item.name)}`;
  const folder = join(workspaceDir, relativeFolder);
  const fileName = `${safeSegment(item.version)}.zip`;
  const staging = join(folder, `${fileName}.download`);
  const onDisk = <T>(work: Promise<T>): Promise<T> =>
    work.catch((error: unknown) => {
      throw localFileError(error, { what: 'a downloaded template', folder });
    });
  await onDisk(makePrivateFolder(folder));
  try {
    await context.client.downloadTemplate(
      { brand: item.brand, template: item.name, version: item.version },
      staging,
      signal,
    );
  } catch (error) {
    if (signal.aborted || isLocalFileError(error)) throw error;
    // 717: this account may not use the template (the brand is paused for it, say). That is the
    // platform's answer, not a failed sync: nothing to keep up to date.
    if (error instanceof AppError && error.details?.platformCode === '717') return NO_ACCESS;
    return reason(error);
  }
  const verdict = checkZip(await readFile(staging));
  if (!verdict.ok) {
    await rm(staging, { force: true });
    return `the download is not a valid template archive (${verdict.problem})`;
  }
  await onDisk(rename(staging, join(folder, fileName)));
  const record = repository.recordVerified(
    context.workspaceId,
    item,
    item.version,
    `${relativeFolder}/${fileName}`,
    isoNow(context.clock),
  );
  const baseName = (path: string | null) => (path === null ? null : (path.split('/').pop() ?? null));
  await prune(folder, [baseName(record.filePath), baseName(record.previousFilePath)]);
  return null;
}

export const NO_ACCESS = 'no-access';

function incompleteReason(failures: readonly string[], attempted: number): string {
  const shown = failures.slice(0, 3).join('; ');
  const more = failures.length > 3 ? `; and ${failures.length - 3} more` : '';
  const count = `${failures.length} of ${attempted} template${attempted === 1 ? '' : 's'}`;
  return `${count} could not be updated; the previous copies are kept (${shown}${more}).`;
}

export function templateSync(options: TemplateSyncOptions = {}): DatasetSync {
  return async (context): Promise<DatasetOutcome> => {
    const { db, client, workspaceId, workspaceDir, signal, progress } = context;
    progress({ phase: 'reading', done: 0, total: null });
    const answer = await client.listTemplates({}, signal);
    signal.throwIfAborted();
    const repository = new TemplatesRepository(db);
    repository.recordListed(workspaceId, answer.templates, isoNow(context.clock));
    const rows = new Map(repository.list(workspaceId).map((row) => [keyOf(row.brandSlug, row.name), row]));
    const due = answer.templates.filter((item) =>
      isDue(item, rows.get(keyOf(item.brand, item.name)), workspaceDir),
    );

    const failures: string[] = [];
    let noAccess = 0;
    let done = 0;
    progress({ phase: 'downloading', done, total: due.length });
    await forEachLimited(
      due,
      options.concurrency ?? 2,
      async (item) => {
        let failure: string | null;
        try {
          failure = await updateTemplate(context, repository, item);
        } catch (error) {
          // A full disk or a file FloatDesk may not write is local, and the ledger failing (a full
          // disk, damage) fails the dataset: neither is a template's problem.
          if (signal.aborted || isLocalFileError(error) || isSqliteError(error)) throw error;
          failure = reason(error);
        }
        if (failure === NO_ACCESS) noAccess++;
        else if (failure !== null) failures.push(`${item.brand}/${item.name} ${item.version}: ${failure}`);
        progress({ phase: 'downloading', done: ++done, total: due.length });
      },
      signal,
    );
    return {
      itemsRead: answer.templates.length,
      itemsChanged: due.length - failures.length - noAccess,
      requestsMade: 1 + due.length,
      ...(failures.length > 0 ? { incomplete: incompleteReason(failures, due.length) } : {}),
    };
  };
}
