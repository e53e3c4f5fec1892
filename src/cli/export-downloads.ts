/**
 * Downloads of the browser shell's exports: the core writes them to the workspace's exports folder
 * (the page cannot choose a path) and this hands each file out once at GET /export/<exportId>, with
 * the suggested file name, then removes it (also when the response closes early: a download the
 * browser aborted is not offered again). Files not fetched are removed when the shell closes, and
 * leftovers of an earlier run (a crash, a kill) when it starts.
 */
import { createReadStream } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ExportFinished } from '../shared/ipc/contract-export';
import type { Envelope } from '../shared/ipc/errors';
import { EXPORTS_FOLDER } from '../main/core/export/destination';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** RFC 6266: an ASCII fallback plus the exact name in UTF-8. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export class ExportDownloads {
  private readonly ready = new Map<string, { path: string; fileName: string }>();

  /** Feed every core event; a finished export with a file becomes downloadable. */
  onEvent(name: string, payload: unknown): void {
    if (name !== 'export:finished') return;
    const finished = payload as ExportFinished;
    if (finished.outcome === 'done' && finished.path !== null)
      this.ready.set(finished.exportId, { path: finished.path, fileName: finished.fileName });
  }

  serve(
    exportId: string,
    request: IncomingMessage,
    response: ServerResponse,
    headers: Record<string, string>,
  ): void {
    const entry = this.ready.get(exportId);
    if (request.method !== 'GET' || entry === undefined) {
      request.resume();
      response
        .writeHead(request.method !== 'GET' ? 405 : 404, {
          ...headers,
          'Content-Type': 'text/plain; charset=utf-8',
        })
        .end(request.method !== 'GET' ? 'Downloads use GET.' : 'No such export (already downloaded?).');
      return;
    }
    const extension = entry.fileName.split('.').at(-1) ?? '';
    const stream = createReadStream(entry.path);
    stream.once('open', () => {
      response.writeHead(200, {
        ...headers,
        'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
        'Content-Disposition': contentDisposition(entry.fileName),
        'Cache-Control': 'no-store',
      });
      stream.pipe(response);
    });
    stream.once('error', () => {
      if (!response.headersSent) response.writeHead(404, headers).end('The export file is gone.');
      else response.destroy();
    });
    // Served once: removed when the response ends, whether it finished or closed early.
    this.ready.delete(exportId);
    response.once('close', () => {
      stream.destroy();
      void rm(entry.path, { force: true });
    });
  }

  /**
   * At startup: removes what an earlier run left in the workspace's exports folder (downloads never
   * fetched, partial files of exports cut short). Only this shell writes there; the folder may not
   * exist yet. Returns the names removed.
   */
  static async removeLeftovers(folder: string): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(folder);
    } catch {
      return [];
    }
    await Promise.all(names.map((name) => rm(join(folder, name), { force: true, recursive: true })));
    return names;
  }

  /** removeLeftovers for the exports folder of the workspace the core has open. */
  static async removeWorkspaceLeftovers(core: {
    invoke(channel: string, input: unknown): Promise<Envelope<unknown>>;
  }): Promise<string[]> {
    const status = await core.invoke('app:status', {});
    if (!status.ok) return [];
    const { workspaceDir } = status.value as { workspaceDir: string };
    return ExportDownloads.removeLeftovers(join(workspaceDir, EXPORTS_FOLDER));
  }

  /** Removes every file not downloaded. */
  async close(): Promise<void> {
    const paths = [...this.ready.values()].map((entry) => entry.path);
    this.ready.clear();
    await Promise.all(paths.map((path) => rm(path, { force: true })));
  }
}
