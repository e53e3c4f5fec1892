/**
 * A safe preview of a template's HTML for a sandboxed iframe; the shells serve it as its own document
 * (shared/security/template-preview.ts) with its own CSP. Sanitised with sanitize-html
 * (maintained, runs in Node without a DOM: it parses with htmlparser2 and keeps only allowlisted
 * tags and attributes, where a regex approach would miss the parser's corner cases): no scripts, no
 * event handlers, no forms, frames or meta refresh, no link to anywhere. Images and stylesheets
 * from the template's own ZIP are inlined (images as data: URIs, CSS as a <style> block); any
 * remote or unknown reference — src, href, CSS url(), @import — is dropped, and no `<` of a sheet
 * reaches the document (sanitiseCss). A Content-Security-Policy inside the document, the same as
 * the header the shells send, forbids every fetch besides data: images, as a second wall.
 */
import { posix } from 'node:path';
import sanitizeHtml from 'sanitize-html';
import { TEMPLATE_PREVIEW_DOCUMENT_CSP } from '../../../shared/security/template-preview';

const IMAGE_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};
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

/**
 * What a sheet may not keep: comments (they can split a word; a space keeps the tokens apart, as CSS
 * itself does), backslashes (a CSS escape can spell any word below, or `<`, in disguise), @import,
 * image-set() (it fetches without url()) and the old script-in-CSS hooks. Removing one can join the
 * text around it into a new one (`expexpression(ression(`), so they are removed again until none
 * is left.
 */
const CSS_COMMENT = /\/\*[\s\S]*?(?:\*\/|$)/g;
const FORBIDDEN_CSS =
  /\\|@import[^;]*;?|expression\s*\(|-moz-binding|behavior\s*:|javascript\s*:|(?:-webkit-)?image-set\s*\(/gi;
/** A real sheet settles in one or two passes; one still changing after this many was built to fool us. */
const MAX_CSS_PASSES = 8;
/** Template sheets are a few kilobytes; the limit keeps a hostile one from holding up the core. */
const MAX_STYLESHEET_BYTES = 256 * 1024;

function withoutForbiddenCss(css: string): string | null {
  let text = css;
  for (let pass = 0; pass < MAX_CSS_PASSES; pass += 1) {
    const next = text.replace(CSS_COMMENT, ' ').replace(FORBIDDEN_CSS, '');
    if (next === text) return text;
    text = next;
  }
  return null;
}

/** Every url(…), whatever it holds: a local image as a data: URI, anything else `none`. */
function inlineUrls(css: string, files: ReadonlyMap<string, Buffer>): string {
  return css.replace(/url\(([^)]*)\)?/gi, (_, argument: string) => {
    const quoted = /^\s*(["'])([\s\S]*)\1\s*$/.exec(argument);
    const uri = imageDataUri(quoted ? (quoted[2] ?? '') : argument, files);
    return uri === null ? 'none' : `url("${uri}")`;
  });
}

/**
 * A template's CSS, safe to put inside a <style> element or a style attribute: every url() inlined
 * when local, else `none`; @import, comments, escapes and expression() gone; '' when the sheet keeps
 * rebuilding forbidden words. As the very last step every `<` becomes the CSS escape `\3c `, so no
 * text of the sheet can ever close the <style> element or open a tag (`>` and `&` mean nothing
 * inside <style>, and CSS needs them: `ul > li`, nesting).
 */
export function sanitiseCss(css: string, files: ReadonlyMap<string, Buffer>): string {
  const cleaned = withoutForbiddenCss(css);
  if (cleaned === null) return '';
  return inlineUrls(cleaned, files).split('<').join('\\3c ');
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
        if (css !== undefined && css.length <= MAX_STYLESHEET_BYTES && posix.extname(entry ?? '') === '.css')
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
    `<meta http-equiv="Content-Security-Policy" content="${TEMPLATE_PREVIEW_DOCUMENT_CSP}">`,
    stylesheets.length > 0 ? `<style>${stylesheets.join('\n')}</style>` : '',
    `</head><body>${body}</body></html>`,
  ].join('');
}
