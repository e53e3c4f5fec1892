/**
 * `data` of GET /templates (platform-notes.md, "Brands and templates"):
 * {"templates": {brand slug: {template name: version}}} or `[]` when there are none. The version is
 * an opaque string (usually a date); a changed version means the local copy is stale. The map
 * becomes one list in wire order.
 */
import { z } from 'zod';
import { emptyList, object, optional, record, text } from './primitives';

const versions = z.union([record(z.string(), text), emptyList]);
const byBrand = z.union([record(z.string(), versions), emptyList]);

export interface WireTemplateVersion {
  brand: string;
  name: string;
  version: string;
}

export const templatesDataSchema = object({
  templates: byBrand,
  last_refreshed_at: optional(text),
}).transform(({ templates, ...rest }) => {
  const list: WireTemplateVersion[] = [];
  if (!Array.isArray(templates)) {
    for (const [brand, names] of Object.entries(templates)) {
      if (Array.isArray(names)) continue;
      for (const [name, version] of Object.entries(names)) list.push({ brand, name, version });
    }
  }
  return { ...rest, templates: list };
});
export type TemplatesData = z.output<typeof templatesDataSchema>;
