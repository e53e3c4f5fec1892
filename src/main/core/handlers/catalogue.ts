import { AppError } from '../../../shared/ipc/errors';
import { brandAsset } from '../catalogue/assets';
import { brandDetail } from '../catalogue/brand-detail';
import { listChanges } from '../catalogue/changes';
import { checkFaceValue } from '../catalogue/face-value';
import { faceValueRule } from '../catalogue/face-value-rules';
import { CatalogueIndexCache } from '../catalogue/facet-index';
import { searchCatalogue } from '../catalogue/search';
import { listTemplates, previewTemplate, updateOneTemplate } from '../catalogue/templates';
import type { Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import { CatalogueChangesRepository } from '../ledger/repositories/catalogue-changes';
import { CatalogueSearchRepository } from '../ledger/repositories/catalogue-search';
import { TemplatesRepository } from '../ledger/repositories/templates';
import { normaliseBrandObject } from '../platform/schemas/brands';
import type { PlatformClient } from '../platform/client';
import { parseLossless } from '../platform/wire';
import type { HandlerRegistry } from '../registry';

export interface CatalogueHandlerDeps {
  db: Ledger;
  workspaceId: number;
  workspaceDir: string;
  clock: Clock;
  /** The workspace's connected platform client (the sync service's), for template updates. */
  client: () => Promise<PlatformClient>;
  /** True while a sync runs: a template update then waits for it (both write the same files). */
  syncing: () => boolean;
}

export function registerCatalogueHandlers(registry: HandlerRegistry, deps: CatalogueHandlerDeps): void {
  const { db, workspaceId, workspaceDir } = deps;
  const search = new CatalogueSearchRepository(db);
  const cache = new CatalogueIndexCache(search, workspaceId);
  const templates = new TemplatesRepository(db);
  const storedBrand = (slug: string) => {
    const brand = search.brandBySlug(workspaceId, slug);
    if (brand === undefined) throw new AppError('not_found', `No brand "${slug}" is in the local catalogue.`);
    return brand;
  };

  registry.register('catalogue:search', (input) => searchCatalogue(search, cache, input));
  registry.register('catalogue:brand', ({ slug }) => {
    const brand = storedBrand(slug);
    return brandDetail(brand, search.assetsOf(brand.id));
  });
  registry.register('catalogue:face-value.check', ({ slug, card, value }) => {
    const parsed = parseLossless(storedBrand(slug).data) as Record<string, unknown>;
    const rule = faceValueRule(normaliseBrandObject({ ...parsed }), card);
    return { ...checkFaceValue(rule, value), rule };
  });
  registry.register('catalogue:changes', (input) =>
    listChanges(new CatalogueChangesRepository(db), workspaceId, input),
  );
  registry.register('catalogue:templates', ({ brand }) => ({
    templates: listTemplates(templates, workspaceId, brand),
  }));
  registry.register('catalogue:template.update', async ({ brand, name }) => {
    if (deps.syncing())
      throw new AppError(
        'ledger_busy',
        'A sync is running and updates templates itself; try again when it ends.',
      );
    const client = await deps.client();
    const context = {
      client,
      workspaceId,
      workspaceDir,
      clock: deps.clock,
      signal: new AbortController().signal,
    };
    return updateOneTemplate(templates, context, brand, name);
  });
  registry.register('catalogue:template.preview', ({ brand, name }) =>
    previewTemplate(templates, workspaceId, workspaceDir, brand, name),
  );
  registry.register('catalogue:asset', ({ slug, kind }) =>
    brandAsset(search, workspaceId, workspaceDir, slug, kind),
  );
}
