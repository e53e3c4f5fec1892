import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_WORKSPACE_NAME } from '../paths';

const MAX_SLUG_LENGTH = 60;

/**
 * A folder name for a workspace called `name`: lower-case ASCII letters, digits and single dashes
 * ("Acme Ltd — EUR" → "acme-ltd-eur", "Zürich" → "zurich"); "workspace" when nothing is left.
 */
export function workspaceSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'workspace' : slug;
}

/**
 * A folder under `parent` that does not exist yet: the slug, else slug-2, slug-3 ... The demo's own
 * folder name is never handed out.
 */
export function freeWorkspaceFolder(
  parent: string,
  name: string,
  exists: (path: string) => boolean = existsSync,
): string {
  const slug = workspaceSlug(name);
  for (let attempt = 1; ; attempt++) {
    const candidate = attempt === 1 ? slug : `${slug}-${attempt}`;
    if (candidate === DEMO_WORKSPACE_NAME) continue;
    const dir = join(parent, candidate);
    if (!exists(dir)) return dir;
  }
}
