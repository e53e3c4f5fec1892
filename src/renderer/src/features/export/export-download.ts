import { exportFileFetcher, invoke, onEvent } from '../../ipc/client';
import { offerDownload } from '../../lib/offer-download';
import type { ExportDeps } from './export-session';

/**
 * The export session's ties to the core. In the browser shell a finished export is fetched once
 * from GET /export/<id> (with the session's token, like every call) and handed to the browser as a
 * download through a Blob and an <a download>; in Electron the core already wrote the chosen file.
 */

export async function downloadExport(
  fetchFile: (exportId: string) => Promise<Response>,
  exportId: string,
  fileName: string,
): Promise<void> {
  let response: Response;
  try {
    response = await fetchFile(exportId);
  } catch {
    throw new Error(
      "FloatDesk's local server is not answering. Check that it is still running, then export again.",
    );
  }
  if (!response.ok) {
    const said = (await response.text().catch(() => '')).trim();
    throw new Error(
      `${said === '' ? 'The server refused it' : said} (HTTP ${response.status}). Export again.`,
    );
  }
  offerDownload(await response.blob(), fileName);
}

export function coreExportDeps(): ExportDeps {
  const fetchFile = exportFileFetcher();
  return {
    start: (request, format) => invoke('export:start', { request, format }),
    cancel: (exportId) => invoke('export:cancel', { exportId }),
    onProgress: (listener) => onEvent('export:progress', listener),
    onFinished: (listener) => onEvent('export:finished', listener),
    download:
      fetchFile === null ? null : (exportId, fileName) => downloadExport(fetchFile, exportId, fileName),
  };
}
