/**
 * Brands: the whole catalogue with detail, diffed against the ledger (brand-diff.ts) and saved in
 * chunks of `chunkSize` brands, each chunk one transaction. The last chunk also marks vanished
 * brands and records that a complete catalogue is held; only from then on are first-seen brands
 * logged as 'new' (so the first sync of a workspace does not flood the change log, and a first sync
 * cut off after some chunks still does not log the rest as 'new' when the next sync finishes it).
 * A sync cut off between chunks leaves the earlier chunks committed; the next sync compares them
 * equal and carries on. Cancellation is honoured between chunks. Then the brand images (assets.ts),
 * unless `assets: false`.
 */
import { isoNow } from '../clock';
import { BrandsRepository } from '../ledger/repositories/brands';
import { isSqliteError } from '../ledger/storage-errors';
import { planBrands, type WireBrandObject } from './brand-diff';
import { syncBrandAssets, type BrandAssetOptions } from './assets';
import type { DatasetOutcome, DatasetSync } from './types';

export interface BrandSyncOptions {
  /** Download brand images after the catalogue (default true). */
  assets?: boolean;
  /** How images are fetched (limits, concurrency, retry age; loopback http for tests). */
  assetOptions?: BrandAssetOptions;
  /** Brands per transaction (default 1,000). */
  chunkSize?: number;
}

/** What the sync says when stored brands were damaged and replaced (brand-diff.ts, `repaired`). */
export function repairedBrandsText(slugs: readonly string[]): string {
  const named = slugs
    .slice(0, 5)
    .map((slug) => `"${slug}"`)
    .join(', ');
  const more = slugs.length > 5 ? ` and ${slugs.length - 5} more` : '';
  return slugs.length === 1
    ? `the ledger's copy of brand ${named} was damaged and has been replaced with the platform's copy (what changed in it since the last sync could not be recorded)`
    : `the ledger's copies of ${slugs.length} brands (${named}${more}) were damaged and have been replaced with the platform's copies (what changed in them since the last sync could not be recorded)`;
}

function sentence(parts: readonly string[]): string {
  const text = parts.join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

export function brandSync(options: BrandSyncOptions = {}): DatasetSync {
  const chunkSize = Math.max(1, options.chunkSize ?? 1_000);
  return async (context): Promise<DatasetOutcome> => {
    const { db, client, workspaceId, signal, progress } = context;
    progress({ phase: 'reading', done: 0, total: null });
    const answer = await client.listBrands({ detail: true }, signal);
    signal.throwIfAborted();

    const repository = new BrandsRepository(db);
    const plan = planBrands(repository.loadForDiff(workspaceId), answer.brands as WireBrandObject[], {
      recordNew: repository.hasCompleteCatalogue(workspaceId),
      ...(answer.sentTexts === undefined ? {} : { sentTexts: answer.sentTexts }),
    });
    const problems: string[] = [];
    // An empty catalogue where there was one is far likelier a platform glitch than every brand
    // withdrawn at once: keep the brands listed instead of logging thousands of vanished/returned rows.
    const vanished = answer.brands.length === 0 ? [] : plan.vanished;
    if (vanished.length < plan.vanished.length)
      problems.push('the platform listed no brands at all, so none was marked as vanished');
    const stamp = { observedAt: isoNow(context.clock), syncRunId: context.syncRunId };
    const total = plan.writes.length;
    progress({ phase: 'saving', done: 0, total });
    for (let from = 0; from < total || from === 0; from += chunkSize) {
      signal.throwIfAborted();
      const last = from + chunkSize >= total;
      repository.saveChunk(
        workspaceId,
        plan.writes.slice(from, from + chunkSize),
        stamp,
        last ? { vanished } : undefined,
      );
      progress({ phase: 'saving', done: Math.min(total, from + chunkSize), total });
    }

    if (plan.repaired.length > 0) problems.push(repairedBrandsText(plan.repaired));
    if (plan.skipped > 0)
      problems.push(
        plan.skipped === 1
          ? 'one listed brand has no slug and was left out'
          : `${plan.skipped} listed brands have no slug and were left out`,
      );
    if (options.assets !== false) {
      // The catalogue is saved: a problem with the images (e.g. the disk refuses the folder) is
      // reported, never a failed brand sync. Cancellation still stops the run.
      try {
        await syncBrandAssets(context, options.assetOptions);
      } catch (error) {
        if (signal.aborted || isSqliteError(error)) throw error;
        problems.push(
          `brand images could not be updated (${error instanceof Error ? error.message : String(error)})`,
        );
      }
    }
    return {
      itemsRead: answer.brands.length,
      itemsChanged: plan.brandsChanged - (plan.vanished.length - vanished.length),
      requestsMade: 1,
      ...(problems.length > 0 ? { incomplete: sentence(problems) } : {}),
    };
  };
}
