/**
 * GET /templates[?brand=slug&template=name] → data.templates {brand: {name: version}} ([] when none).
 * GET /template?brand=slug[&template=standard][&version=v] → a ZIP: index.html (with {{code}},
 * {{pin}}, {{value}} and {{expiry}} placeholders), assets/style.css and assets/logo.png.
 * Only the current version of a template is served. A brand the buyer switched off (PAUSED) answers
 * 401 code 717; an unknown template or version 400 code 716; an unknown brand 400 code 072.
 */
import { deflateSync } from 'node:zlib';
import { reject, success, type SimResponse } from '../http';
import type { SimBrand, SimTemplate } from '../model';
import { queryParam, type Router } from '../router';
import { templatesData } from '../wire';
import { crc32, writeZip } from '../zip';
import { PLATFORM_CODES } from '../../shared/domain/platform';
import { requireBrand } from './brands';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A small colour from the slug, so every brand's template looks a little different (and stays the same). */
function brandColour(slug: string): [number, number, number] {
  const hash = crc32(Buffer.from(slug, 'utf8'));
  return [hash & 0xff, (hash >>> 8) & 0xff, (hash >>> 16) & 0xff];
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8×8 solid-colour RGB PNG. */
export function tinyPng([red, green, blue]: [number, number, number]): Buffer {
  const size = 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const row = Buffer.from([0, ...Array.from({ length: size }, () => [red, green, blue]).flat()]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export function templateArchive(brand: SimBrand, template: SimTemplate): Buffer {
  const [red, green, blue] = brandColour(brand.slug);
  const name = escapeHtml(brand.name);
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="template" content="${escapeHtml(template.name)}">
<meta name="version" content="${escapeHtml(template.version)}">
<title>${name} gift card</title>
<link rel="stylesheet" href="assets/style.css">
</head>
<body>
<main class="card">
<img class="logo" src="assets/logo.png" alt="${name}">
<h1>${name}</h1>
<p class="value">{{value}}</p>
<p class="code">Card code: <strong>{{code}}</strong></p>
<p class="pin">PIN: <strong>{{pin}}</strong></p>
<p class="expiry">Valid until {{expiry}}</p>
</main>
</body>
</html>
`;
  const css = `body { font-family: sans-serif; background: #f4f4f4; margin: 0; }
.card { max-width: 420px; margin: 2em auto; padding: 1.5em; background: #fff; border-radius: 12px;
  border-top: 8px solid rgb(${red}, ${green}, ${blue}); }
.logo { width: 48px; height: 48px; image-rendering: pixelated; }
.value { font-size: 2em; margin: 0.2em 0; }
.code strong, .pin strong { font-family: monospace; letter-spacing: 0.1em; }
`;
  return writeZip([
    { name: 'index.html', data: Buffer.from(html, 'utf8') },
    { name: 'assets/style.css', data: Buffer.from(css, 'utf8') },
    { name: 'assets/logo.png', data: tinyPng([red, green, blue]) },
  ]);
}

export function registerTemplates(router: Router): void {
  router.add('GET', '/api/v2/templates', (context) => {
    const { world } = context.sim;
    const slug = queryParam(context, 'brand') || undefined;
    const name = queryParam(context, 'template') || undefined;
    if (slug !== undefined) requireBrand(world, slug);
    const templates = world.templates.filter(
      (template) =>
        (slug === undefined || template.brand === slug) && (name === undefined || template.name === name),
    );
    return success(templatesData(templates));
  });

  router.add('GET', '/api/v2/template', (context): SimResponse => {
    const { world } = context.sim;
    const slug = queryParam(context, 'brand') || undefined;
    if (slug === undefined)
      return reject(400, PLATFORM_CODES.missingParameter, 'The brand parameter is required');
    const name = queryParam(context, 'template') || 'standard';
    const version = queryParam(context, 'version') || undefined;
    const brand = requireBrand(world, slug);
    if (brand.status.code === 'PAUSED')
      return reject(401, PLATFORM_CODES.templateNoAccess, `No access to the templates of brand "${slug}"`);
    const template = world.templates.find((candidate) => candidate.brand === slug && candidate.name === name);
    if (template === undefined)
      return reject(400, PLATFORM_CODES.templateNotFound, `Template "${name}" not found for brand "${slug}"`);
    if (version !== undefined && version !== template.version)
      return reject(
        400,
        PLATFORM_CODES.templateNotFound,
        `Version "${version}" of template "${name}" not found`,
      );
    const fileName = `${slug}-${name}-${template.version}.zip`.replace(/[^A-Za-z0-9._-]/g, '_');
    return {
      status: 200,
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${fileName}"`,
      },
      body: templateArchive(brand, template),
    };
  });
}
