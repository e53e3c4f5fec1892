/** The browser shell's server-sent events, read over real HTTP: wait for one export's end. */
import type { ExportFinished } from '../../src/shared/ipc/contract-export';

export interface FinishedExports {
  /** The export:finished event of this export (seen before or after the call). */
  next: (exportId: string) => Promise<ExportFinished>;
  stop: () => void;
}

/** Listens on GET /events with the session token (open it before the export starts). */
export async function finishedExports(origin: string, token: string): Promise<FinishedExports> {
  const controller = new AbortController();
  const response = await fetch(`${origin}/events`, {
    headers: { Authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (response.status !== 200 || response.body === null)
    throw new Error(`GET /events answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const seen: ExportFinished[] = [];
  let buffer = '';
  const next = async (exportId: string): Promise<ExportFinished> => {
    for (;;) {
      const found = seen.find((event) => event.exportId === exportId);
      if (found) return found;
      const { value, done } = await reader.read();
      if (done) throw new Error('the event stream ended');
      buffer += value;
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop() ?? '';
      for (const block of blocks) {
        const lines = block.split('\n');
        if (!lines.includes('event: export:finished')) continue;
        const data = lines.filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trim());
        seen.push(JSON.parse(data.join('\n')) as ExportFinished);
      }
    }
  };
  return { next, stop: () => controller.abort() };
}
