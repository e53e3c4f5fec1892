import { create } from 'zustand';
import type { ChannelOutput } from '@shared/ipc/contract';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import type { CatalogueClient } from './catalogue-client';

export type BrandDetail = ChannelOutput<'catalogue:brand'>;
export type TemplateView = ChannelOutput<'catalogue:templates'>['templates'][number];
export type ImageKind = 'logo' | 'gift_card';

type Loadable<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; error: ErrorShape };

/** A cached image as a data: URL, or why it cannot be shown. */
export type ImageState =
  { status: 'loading' } | { status: 'ready'; src: string } | { status: 'missing'; why: string };

/**
 * One brand's page: the detail, its cached images (catalogue:asset → data: URL) and its templates.
 * All from the ledger, so it works offline. Answers for a brand no longer shown are dropped.
 */
export interface CatalogueBrandState {
  slug: string | null;
  detail: Loadable<BrandDetail>;
  images: Partial<Record<ImageKind, ImageState>>;
  templates: Loadable<TemplateView[]>;
  open(slug: string): void;
  /** Reload what is shown (ledger changed), without blanking it. */
  reload(): void;
  reloadTemplates(): Promise<void>;
}

export function createCatalogueBrandStore(client: CatalogueClient) {
  const useBrand = create<CatalogueBrandState>()((set, get) => {
    const loadImage = async (slug: string, kind: ImageKind, cached: boolean, why: string | null) => {
      if (!cached) {
        set({
          images: { ...get().images, [kind]: { status: 'missing', why: why ?? 'Not downloaded yet.' } },
        });
        return;
      }
      try {
        const asset = await client.invoke('catalogue:asset', { slug, kind });
        if (get().slug !== slug) return;
        const src = `data:${asset.contentType};base64,${asset.base64}`;
        set({ images: { ...get().images, [kind]: { status: 'ready', src } } });
      } catch (thrown) {
        if (get().slug !== slug) return;
        set({
          images: { ...get().images, [kind]: { status: 'missing', why: toErrorShape(thrown).message } },
        });
      }
    };
    const loadDetail = async (slug: string, quiet: boolean): Promise<void> => {
      if (!quiet) set({ detail: { status: 'loading' } });
      try {
        const detail = await client.invoke('catalogue:brand', { slug });
        if (get().slug !== slug) return;
        set({ detail: { status: 'ready', value: detail } });
        for (const image of detail.images) void loadImage(slug, image.kind, image.cached, image.error);
      } catch (thrown) {
        if (get().slug === slug && (!quiet || get().detail.status !== 'ready'))
          set({ detail: { status: 'error', error: toErrorShape(thrown) } });
      }
    };
    return {
      slug: null,
      detail: { status: 'loading' },
      images: {},
      templates: { status: 'loading' },
      open(slug) {
        if (get().slug === slug && get().detail.status !== 'error') return;
        set({ slug, images: {}, templates: { status: 'loading' } });
        void loadDetail(slug, false);
        void get().reloadTemplates();
      },
      reload() {
        const slug = get().slug;
        if (slug === null) return;
        void loadDetail(slug, true);
        void get().reloadTemplates();
      },
      async reloadTemplates() {
        const slug = get().slug;
        if (slug === null) return;
        try {
          const { templates } = await client.invoke('catalogue:templates', { brand: slug });
          if (get().slug === slug) set({ templates: { status: 'ready', value: templates } });
        } catch (thrown) {
          if (get().slug === slug) set({ templates: { status: 'error', error: toErrorShape(thrown) } });
        }
      },
    };
  });
  return { useBrand };
}
