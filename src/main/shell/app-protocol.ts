import { pathToFileURL } from 'node:url';
import { net, protocol } from 'electron';
import { RENDERER_CSP } from '../../shared/security/csp';
import {
  answerTemplatePreview,
  isTemplatePreviewPath,
  type PreviewCore,
} from '../../shared/security/template-preview';
import { APP_HOST, APP_SCHEME, resolveAppFile } from './security';

/** Must run before app ready: floatdesk:// behaves like a secure, standard origin. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/**
 * Serve the built renderer from floatdesk://app/, with the CSP as a header too, and template
 * previews (floatdesk://app/preview/template/<brand>/<name>) from the core, with their own CSP.
 * Only the app's own pages can reach this scheme, so previews need no token here.
 */
export function serveRenderer(rendererDir: string, core: () => PreviewCore | undefined): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host === APP_HOST && isTemplatePreviewPath(url.pathname)) {
      const reply = await answerTemplatePreview(core(), request.method, url.pathname);
      return new Response(reply.body, { status: reply.status, headers: reply.headers });
    }
    const file = resolveAppFile(rendererDir, request.url);
    if (file === null) return new Response('Not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', RENDERER_CSP);
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}
