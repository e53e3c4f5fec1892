import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerTemplatePreview } from '../shared/security/template-preview';
import type { CoreWorker } from '../main/core/worker-client';

/**
 * GET /preview/template/<brand>/<name>?token=<preview token> (the caller is already checked): the core's
 * sanitised template HTML as its own document, with the preview's own CSP (see the shared module).
 */
export async function handleTemplatePreview(
  core: CoreWorker,
  pathname: string,
  request: IncomingMessage,
  response: ServerResponse,
  securityHeaders: Readonly<Record<string, string>>,
): Promise<void> {
  request.resume();
  const reply = await answerTemplatePreview(core, request.method ?? 'GET', pathname);
  if (response.destroyed) return;
  response.writeHead(reply.status, { ...securityHeaders, ...reply.headers });
  response.end(reply.body);
}
