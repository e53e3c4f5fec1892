/**
 * Brand images for offline viewing: after the catalogue is saved, download each logo and gift-card
 * picture that was never fetched, whose URL changed, whose file is gone, or whose last attempt failed
 * longer ago than `retryFailedAfterMs`. Files go to <workspace>/assets/<slug>-<kind>.<ext>, rows to
 * brand_assets (path relative to the workspace). A failed image is a recorded error, never a failed
 * sync; a file that cannot be written (a full disk) stops the downloads with that error, since every
 * other image would fail the same way. Results are written in batches (one transaction per batch), so a catalogue whose images all
 * fail does not cost one fsync per image.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { isoNow } from '../clock';
import {
  BrandAssetsRepository,
  type AssetCandidate,
  type AssetResult,
} from '../ledger/repositories/brand-assets';
import { makePrivateFolder } from '../files/private-files';
import { createAssetFetcher, type AssetFetchOptions } from '../platform/asset-fetch';
import { safeSegment } from './file-names';
import { forEachLimited } from './pool';
import type { SyncContext } from './types';

export interface BrandAssetOptions {
  /** Limits and timeouts of each download (asset-fetch.ts); `allowLoopbackHttp` for tests only. */
  fetch?: Partial<AssetFetchOptions>;
  /** Downloads at a time (default 4). */
  concurrency?: number;
  /** A failed image is tried again once its last attempt is this old (default one day). */
  retryFailedAfterMs?: number;
}

export interface AssetSummary {
  due: number;
  saved: number;
  failed: number;
}

const DAY_MS = 86_400_000;
const BATCH = 100;
export const ASSETS_FOLDER = 'assets';

function isDue(candidate: AssetCandidate, now: number, retryAfterMs: number, workspaceDir: string): boolean {
  if (candidate.lastUrl === null || candidate.lastUrl !== String(candidate.url)) return true;
  if (candidate.lastError !== null) {
    const triedAt = Date.parse(candidate.lastFetchedAt ?? '');
    return Number.isNaN(triedAt) || now - triedAt >= retryAfterMs;
  }
  return candidate.filePath !== null && !existsSync(join(workspaceDir, candidate.filePath));
}

export async function syncBrandAssets(
  context: SyncContext,
  options: BrandAssetOptions = {},
): Promise<AssetSummary> {
  const { db, workspaceId, workspaceDir, signal, progress } = context;
  const repository = new BrandAssetsRepository(db);
  const now = context.clock().getTime();
  const retryAfter = options.retryFailedAfterMs ?? DAY_MS;
  const due = repository
    .candidates(workspaceId)
    .filter((candidate) => isDue(candidate, now, retryAfter, workspaceDir));
  const summary: AssetSummary = { due: due.length, saved: 0, failed: 0 };
  progress({ phase: 'assets', done: 0, total: due.length });
  if (due.length === 0) return summary;

  const folder = join(workspaceDir, ASSETS_FOLDER);
  await makePrivateFolder(folder);
  const fetcher = createAssetFetcher(options.fetch);
  let pending: AssetResult[] = [];
  let obsolete: string[] = [];
  const flush = async (): Promise<void> => {
    if (pending.length > 0) repository.record(pending);
    pending = [];
    const files = obsolete;
    obsolete = [];
    for (const file of files) await rm(join(workspaceDir, file), { force: true });
  };

  let done = 0;
  try {
    await forEachLimited(
      due,
      options.concurrency ?? 4,
      async (candidate) => {
        const url = String(candidate.url);
        const base = join(folder, `${safeSegment(candidate.slug)}-${candidate.kind}`);
        const fetched =
          typeof candidate.url === 'string'
            ? await fetcher.fetch(url, base, signal)
            : { ok: false as const, error: 'Not downloaded: the address is not text.' };
        const attempt = {
          brandId: candidate.brandId,
          kind: candidate.kind,
          url,
          fetchedAt: isoNow(context.clock),
        };
        if (fetched.ok) {
          const filePath = `${ASSETS_FOLDER}/${basename(fetched.file)}`;
          pending.push({
            ...attempt,
            filePath,
            contentType: fetched.contentType,
            bytes: fetched.bytes,
            sha256: fetched.sha256,
          });
          if (candidate.filePath !== null && candidate.filePath !== filePath)
            obsolete.push(candidate.filePath);
          summary.saved++;
        } else {
          pending.push({ ...attempt, error: fetched.error });
          summary.failed++;
        }
        done++;
        if (pending.length >= BATCH) await flush();
        if (done % 20 === 0 || done === due.length) progress({ phase: 'assets', done, total: due.length });
      },
      signal,
    );
  } finally {
    await flush();
    await fetcher.close();
  }
  return summary;
}
