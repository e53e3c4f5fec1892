/**
 * A brand image from the local asset cache, for the renderer: its bytes as base64 with the content
 * type, so the page shows it as a data: URL (the renderer's CSP allows data: images; neither shell
 * serves the workspace folder). Only raster image types (no SVG, which can carry scripts), only
 * files inside the workspace's assets folder, and at most MAX_ASSET_BYTES.
 */
import { readFile, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { AppError } from '../../../shared/ipc/errors';
import type { CatalogueSearchRepository } from '../ledger/repositories/catalogue-search';
import { ASSETS_FOLDER } from '../sync/assets';

export const MAX_ASSET_BYTES = 2 * 1024 * 1024;
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export interface AssetAnswer {
  contentType: string;
  base64: string;
  bytes: number;
  fetchedAt: string;
}

export async function brandAsset(
  repository: CatalogueSearchRepository,
  workspaceId: number,
  workspaceDir: string,
  slug: string,
  kind: 'logo' | 'gift_card',
): Promise<AssetAnswer> {
  const asset = repository.asset(workspaceId, slug, kind);
  const missing = (why: string): AppError =>
    new AppError('not_found', `No ${kind === 'logo' ? 'logo' : 'card image'} of ${slug} is stored: ${why}.`);
  if (asset === undefined || asset.filePath === null)
    throw missing(asset?.error ?? 'it was never downloaded');
  const contentType = (asset.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!IMAGE_TYPES.has(contentType)) throw missing(`its type ${contentType || 'is unknown'} is not shown`);
  const folder = resolve(workspaceDir, ASSETS_FOLDER);
  const path = resolve(workspaceDir, asset.filePath);
  if (!path.startsWith(folder + sep)) throw missing('its file lies outside the assets folder');
  const size = await stat(path).then(
    (info) => info.size,
    () => null,
  );
  if (size === null) throw missing('its file is gone (the next sync downloads it again)');
  if (size > MAX_ASSET_BYTES) throw missing(`it is larger than ${MAX_ASSET_BYTES / 1024 / 1024} MB`);
  const bytes = await readFile(path);
  return { contentType, base64: bytes.toString('base64'), bytes: bytes.length, fetchedAt: asset.fetchedAt };
}
