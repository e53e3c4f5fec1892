/**
 * A template preview served as its own document from the app's own origin, so it carries its own
 * Content-Security-Policy instead of inheriting the app's (a srcdoc frame inherits `style-src 'self'`
 * and loses the template's inline styles). Both shells answer `GET /preview/template/<brand>/<name>`
 * with this pure logic: the browser shell (after its Host/Origin checks and its preview-only token,
 * see derivePreviewToken) and Electron's app protocol. The body is the core's sanitised HTML (`catalogue:template.preview`); the header policy
 * allows nothing but inline styles and data: images, and `sandbox` gives the document an opaque
 * origin with no scripts, forms or navigation — even if it is opened outside the app's iframe.
 */
import { AppError, type Envelope } from '../ipc/errors';

/**
 * The preview document's policy, sent as a header and repeated in a meta tag inside the document (a
 * second wall): only inline styles and data: images, no <base> to point links elsewhere, no form
 * submission. `sandbox` only works as a header, so the meta tag carries the rest.
 */
export const TEMPLATE_PREVIEW_DOCUMENT_CSP = [
  "default-src 'none'",
  'img-src data:',
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
export const TEMPLATE_PREVIEW_CSP = `${TEMPLATE_PREVIEW_DOCUMENT_CSP}; sandbox`;
export const TEMPLATE_PREVIEW_PREFIX = '/preview/template/';
/** The query parameter that carries the browser shell's preview token (an iframe sends no headers). */
export const PREVIEW_TOKEN_PARAM = 'token';
const PREVIEW_TOKEN_LABEL = 'FloatDesk template preview token v1';
const MAX_PART = 200;

export interface TemplateRef {
  brand: string;
  name: string;
}

export interface PreviewReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The browser shell's preview-only token: HMAC-SHA-256 of a fixed label keyed with the session
 * token, in hex. The shell derives it from the token it made, the page from the token it was given,
 * so nothing new travels. It opens template previews and nothing else, and the session token cannot
 * be worked back from it: a preview's address (history, the frame's URL) never holds a key to /rpc.
 */
export async function derivePreviewToken(sessionToken: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle === undefined)
    throw new AppError(
      'forbidden',
      'Previews need the exact address FloatDesk printed (http://127.0.0.1:…); open it and try again.',
    );
  const encoder = new TextEncoder();
  const key = await subtle.importKey(
    'raw',
    encoder.encode(sessionToken),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await subtle.sign('HMAC', key, encoder.encode(PREVIEW_TOKEN_LABEL)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The path of one template's preview (each part percent-encoded, so a "/" in a name stays inside it). */
export function templatePreviewPath({ brand, name }: TemplateRef): string {
  return `${TEMPLATE_PREVIEW_PREFIX}${encodeURIComponent(brand)}/${encodeURIComponent(name)}`;
}

export function isTemplatePreviewPath(pathname: string): boolean {
  return pathname.startsWith(TEMPLATE_PREVIEW_PREFIX);
}

function decodePart(part: string): string | null {
  try {
    const text = decodeURIComponent(part);
    const control = [...text].some((character) => {
      const code = character.charCodeAt(0);
      return code < 0x20 || code === 0x7f;
    });
    return text.length >= 1 && text.length <= MAX_PART && !control ? text : null;
  } catch {
    return null;
  }
}

/** The template a preview path names (the raw, still percent-encoded URL path), or null. */
export function parseTemplatePreviewPath(pathname: string): TemplateRef | null {
  if (!isTemplatePreviewPath(pathname)) return null;
  const parts = pathname.slice(TEMPLATE_PREVIEW_PREFIX.length).split('/');
  if (parts.length !== 2) return null;
  const brand = decodePart(parts[0] ?? '');
  const name = decodePart(parts[1] ?? '');
  return brand === null || name === null ? null : { brand, name };
}

const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
};

export function textReply(status: number, text: string): PreviewReply {
  return {
    status,
    headers: {
      ...COMMON_HEADERS,
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
    body: text,
  };
}

/** The reply for the core's answer to `catalogue:template.preview`. */
export function templatePreviewReply(envelope: Envelope<unknown>): PreviewReply {
  if (!envelope.ok) {
    const { code, message } = envelope.error;
    if (code === 'not_found') return textReply(404, message);
    if (code === 'invalid_input') return textReply(400, message);
    return textReply(500, `The preview could not be made: ${message}`);
  }
  const html = (envelope.value as { html?: unknown } | null)?.html;
  if (typeof html !== 'string') return textReply(500, 'The preview could not be made.');
  return {
    status: 200,
    headers: {
      ...COMMON_HEADERS,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': TEMPLATE_PREVIEW_CSP,
    },
    body: html,
  };
}

export interface PreviewCore {
  invoke(channel: string, input: unknown): Promise<Envelope<unknown>>;
}

/**
 * Answer one preview request whose caller is already authorised: GET only, a well-formed path,
 * then the core's sanitised HTML with the preview's own policy.
 */
export async function answerTemplatePreview(
  core: PreviewCore | undefined,
  method: string,
  pathname: string,
): Promise<PreviewReply> {
  if (method !== 'GET') {
    const reply = textReply(405, 'Previews are read with GET.');
    return { ...reply, headers: { ...reply.headers, Allow: 'GET' } };
  }
  const ref = parseTemplatePreviewPath(pathname);
  if (ref === null) return textReply(404, 'Not found');
  if (core === undefined) return textReply(503, 'FloatDesk is still starting; try again in a moment.');
  try {
    return templatePreviewReply(await core.invoke('catalogue:template.preview', ref));
  } catch {
    return textReply(500, 'The preview could not be made.');
  }
}
