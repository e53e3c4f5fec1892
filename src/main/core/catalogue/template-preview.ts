/**
 * A safe preview of a template's HTML for a sandboxed iframe; the shells serve it as its own document
 * (shared/security/template-preview.ts) with its own CSP. Sanitised with sanitize-html
 * (maintained, runs in Node without a DOM: it parses with htmlparser2 and keeps only allowlisted
 * tags and attributes, where a regex approach would miss the parser's corner cases): no scripts, no
 * event handlers, no forms, frames or meta refresh, no link to anywhere. Images and stylesheets
 * from the template's own ZIP are inlined (images as data: URIs, CSS as a <style> block); any
 * remote or unknown reference — src, href, CSS url(), @import — is dropped. A Content-Security-
 * Policy inside the document forbids every fetch besides data: images, as a second wall.
 */
import { posix } from 'node:path';
import sanitizeHtml from 'sanitize-html';

const IMAGE_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};
const PREVIEW_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";
const MAX_INLINED_BYTES = 2 * 1024 * 1024;

/** The ZIP entry a template-relative reference names, or null for anything remote or unsafe. */
function localEntry(reference: string, files: ReadonlyMap<string, Buffer>): string | null {
  const ref = reference.trim().split(/[?#]/)[0] ?? '';
  if (ref === '' || /^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith('//') || ref.includes('\\'))
    return null;
  const path = posix.normalize(ref.replace(/^\.?\//, ''));
  if (path.startsWith('..') || path.startsWith('/')) return null;
  return files.has(path) ? path : null;
}

function imageDataUri(reference: string, files: ReadonlyMap<string, Buffer>): string | null {
  const entry = localEntry(reference, files);
  const type = entry === null ? undefined : IMAGE_TYPES[posix.extname(entry).toLowerCase()];
  const bytes = entry === null ? undefined : files.get(entry);
  if (type === undefined || bytes === undefined || bytes.length > MAX_INLINED_BYTES) return null;
  return `data:${type};base64,${bytes.toString('base64')}`;
}

/** CSS with every url() inlined when local, else replaced by `none`; @import, expression(), bindings gone. */
export function sanitiseCss(css: string, files: ReadonlyMap<string, Buffer>): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/@import[^;]*;?/gi, '')
    .replace(/url\(\s*(['"]?)(.*?)\1\s*\)/gi, (_, _quote: string, reference: string) => {
      const uri = imageDataUri(reference, files);
      return uri === null ? 'none' : `url("${uri}")`;
    })
    .replace(/expression\s*\(|-moz-binding|behavior\s*:|javascript:/gi, '')
    .replace(/<\/?style/gi, '')
    .replace(/\\/g, '');
}

export function previewTemplateHtml(html: string, files: ReadonlyMap<string, Buffer>): string {
  const stylesheets: string[] = [];
  const body = sanitizeHtml(html, {
    allowedTags: [
      ...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== 'a'),
      'a', 'img', 'main', 'span', 'font', 'center',
    ], // prettier-ignore
    allowedAttributes: {
      '*': ['class', 'id', 'title', 'lang', 'dir', 'style', 'align', 'width', 'height'],
      img: ['src', 'alt', 'width', 'height', 'class', 'id', 'style'],
      a: ['href', 'class', 'id', 'style'],
      td: ['colspan', 'rowspan', 'class', 'style', 'align', 'width'],
      th: ['colspan', 'rowspan', 'class', 'style', 'align', 'width'],
    },
    allowedSchemes: [],
    allowedSchemesByTag: { img: ['data'] },
    allowProtocolRelative: false,
    allowedScriptHostnames: [],
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title'],
    transformTags: {
      link: (tagName, attribs) => {
        const entry = (attribs.rel ?? '').toLowerCase().includes('stylesheet')
          ? localEntry(attribs.href ?? '', files)
          : null;
        const css = entry === null ? undefined : files.get(entry);
        if (css !== undefined && posix.extname(entry ?? '') === '.css')
          stylesheets.push(sanitiseCss(css.toString('utf8'), files));
        return { tagName, attribs: {} };
      },
      img: (tagName, attribs) => {
        const uri = imageDataUri(attribs.src ?? '', files);
        const { src: _src, srcset: _srcset, ...rest } = attribs;
        return { tagName, attribs: uri === null ? rest : { ...rest, src: uri } };
      },
      a: (tagName, attribs) => {
        const { href, ...rest } = attribs;
        return { tagName, attribs: href !== undefined && /^#[\w-]*$/.test(href) ? { ...rest, href } : rest };
      },
      '*': (tagName, attribs) =>
        attribs.style === undefined
          ? { tagName, attribs }
          : { tagName, attribs: { ...attribs, style: sanitiseCss(attribs.style, files) } },
    },
  });
  return [
    '<!DOCTYPE html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`,
    stylesheets.length > 0 ? `<style>${stylesheets.join('\n')}</style>` : '',
    `</head><body>${body}</body></html>`,
  ].join('');
}
