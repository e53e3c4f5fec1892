/**
 * Seeded brand templates: brands delivered by url or code get a 'standard' template, some also a
 * 'christmas' one; versions are dates (opaque to the client), a few are not dates at all.
 */
import type { SimBrand, SimTemplate } from '../model';
import type { Random } from '../random';
import { DAY, isoDate } from './common';

export const TEMPLATE_NAMES = ['standard', 'christmas'] as const;

function hasTemplateDelivery(brand: SimBrand): boolean {
  return brand.deliveryMethods.includes('url') || brand.deliveryMethods.includes('code');
}

export function generateTemplates(
  random: Random,
  brands: readonly SimBrand[],
  startTime: number,
): SimTemplate[] {
  const templates: SimTemplate[] = [];
  for (const [index, brand] of brands.entries()) {
    if (!hasTemplateDelivery(brand)) continue;
    // The coverage brands always have one, so small worlds still serve templates.
    if (index >= 16 && !random.chance(0.6)) continue;
    const opaque = index >= 16 && random.chance(0.02);
    const version = opaque ? `v${random.int(2, 14)}` : isoDate(startTime - random.int(1, 700) * DAY);
    templates.push({ brand: brand.slug, name: 'standard', version });
    if (index % 3 === 0 || random.chance(0.2)) {
      // Published in November or December of a past season.
      let year = new Date(startTime).getUTCFullYear();
      if (Date.UTC(year, 11, 31) >= startTime) year -= 1;
      const published = Date.UTC(year - random.int(0, 1), 10, 1) + random.int(0, 55) * DAY;
      templates.push({ brand: brand.slug, name: 'christmas', version: isoDate(published) });
    }
  }
  return templates;
}
