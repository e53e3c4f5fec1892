import { malformedResponse } from '../errors';
import { templatesDataSchema, type TemplatesData } from '../schemas';
import type { Transport } from '../http';
import { callJson } from './call';

/** GET templates: the current version of each brand template. */
export function listTemplates(
  transport: Transport,
  filters: { brand?: string; template?: string } = {},
  signal?: AbortSignal,
): Promise<TemplatesData> {
  return callJson(
    transport,
    {
      method: 'GET',
      path: 'templates',
      query: { brand: filters.brand, template: filters.template },
      signedParams: filters.brand === undefined ? [] : [filters.brand],
      retry: 'safe',
      signal,
    },
    templatesDataSchema,
  );
}

export interface TemplateDownload {
  brand: string;
  template?: string;
  version?: string;
}

/** GET template: the template's ZIP, streamed to `saveTo` (complete or not there at all). */
export async function downloadTemplate(
  transport: Transport,
  download: TemplateDownload,
  saveTo: string,
  signal?: AbortSignal,
): Promise<{ path: string; bytes: number }> {
  const response = await transport.send({
    method: 'GET',
    path: 'template',
    query: { brand: download.brand, template: download.template, version: download.version },
    signedParams: [download.brand],
    retry: 'safe',
    expect: 'zip',
    saveTo,
    signal,
  });
  if (!response.file)
    throw malformedResponse(
      { path: 'template', method: 'GET', httpStatus: response.status },
      'the download finished without a file',
    );
  return response.file;
}
