import { exportFileFetcher, invoke, onEvent } from '../../ipc/client';
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
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next minute; the Blob is not needed after that.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
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
