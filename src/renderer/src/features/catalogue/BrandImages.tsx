import { useCatalogueBrand } from '../../stores/catalogue';
import type { BrandDetail, ImageKind } from '../../stores/catalogue-brand-store';

const ALT: Readonly<Record<ImageKind, string>> = { logo: 'logo', gift_card: 'gift card' };

/** The logo and the card image from the local asset cache (data: URLs); a note where there is none. */
export function BrandImages({ brand }: { brand: BrandDetail }) {
  const images = useCatalogueBrand((state) => state.images);
  return (
    <div className="brand-images" data-testid="brand-images">
      {brand.images.map((image) => {
        const state = images[image.kind];
        const what = `${brand.name} ${ALT[image.kind]}`;
        if (state?.status === 'ready')
          return (
            <img key={image.kind} className={`brand-image brand-${image.kind}`} src={state.src} alt={what} />
          );
        return (
          <div
            key={image.kind}
            className={`brand-image brand-image-missing brand-${image.kind}`}
            title={state?.status === 'missing' ? state.why : image.url}
          >
            <span>
              {state?.status === 'missing'
                ? `No ${ALT[image.kind]} image stored`
                : `Loading ${ALT[image.kind]}…`}
            </span>
          </div>
        );
      })}
    </div>
  );
}
