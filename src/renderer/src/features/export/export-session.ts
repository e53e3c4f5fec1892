import type {
  ExportFinished,
  ExportFormat,
  ExportProgress,
  ExportRequest,
} from '@shared/ipc/contract-export';
import { toErrorShape } from '@shared/ipc/errors';

/**
 * One export control's export, from start to outcome, without React or the DOM (tested with fakes).
 * It listens before it asks, so events that overtake the answer to export:start (the browser shell
 * carries them on another connection) are kept and replayed; it runs one export at a time; Cancel
 * before the id is known is sent as soon as it is.
 */

export type ExportPhase =
  | { status: 'idle'; note: string | null }
  | { status: 'starting'; cancelling: boolean }
  | {
      status: 'running';
      exportId: string;
      fileName: string;
      rows: number;
      totalRows: number | null;
      cancelling: boolean;
    }
  | { status: 'downloading'; fileName: string; rows: number; bytes: number }
  | { status: 'done'; fileName: string; rows: number; bytes: number; savedTo: string | null }
  | { status: 'cancelled'; fileName: string }
  | { status: 'failed'; fileName: string | null; message: string };

export interface ExportDeps {
  start(request: ExportRequest, format: ExportFormat): Promise<{ exportId: string | null; fileName: string }>;
  cancel(exportId: string): Promise<{ cancelled: boolean }>;
  onProgress(listener: (progress: ExportProgress) => void): () => void;
  onFinished(listener: (finished: ExportFinished) => void): () => void;
  /** Browser shell: fetch the finished file and hand it to the browser. Null where the core wrote it (Electron). */
  download: ((exportId: string, fileName: string) => Promise<void>) | null;
  /** How long to wait for the outcome after a cancel that found nothing running. */
  lostAfterMs?: number;
}

export const NO_FILE_CHOSEN = 'Not exported: no file was chosen.';

export function isBusy(phase: ExportPhase): boolean {
  return phase.status === 'starting' || phase.status === 'running' || phase.status === 'downloading';
}

export class ExportSession {
  private current: ExportPhase = { status: 'idle', note: null };
  private unsubscribe: Array<() => void> = [];
  private early: Array<ExportProgress | ExportFinished> = [];
  private lostTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly deps: ExportDeps,
    private readonly onChange: (phase: ExportPhase) => void,
  ) {}

  get phase(): ExportPhase {
    return this.current;
  }

  /** Start an export; does nothing while one is under way (one per control). */
  async start(request: ExportRequest, format: ExportFormat): Promise<void> {
    if (isBusy(this.current)) return;
    this.stopListening();
    this.early = [];
    this.set({ status: 'starting', cancelling: false });
    this.unsubscribe = [
      this.deps.onProgress((progress) => this.event(progress)),
      this.deps.onFinished((finished) => this.event(finished)),
    ];
    let started: { exportId: string | null; fileName: string };
    try {
      started = await this.deps.start(request, format);
    } catch (thrown) {
      this.stopListening();
      this.set({ status: 'failed', fileName: null, message: toErrorShape(thrown).message });
      return;
    }
    if (started.exportId === null) {
      this.stopListening();
      this.set({ status: 'idle', note: NO_FILE_CHOSEN });
      return;
    }
    const cancelling = this.current.status === 'starting' && this.current.cancelling;
    this.set({
      status: 'running',
      exportId: started.exportId,
      fileName: started.fileName,
      rows: 0,
      totalRows: null,
      cancelling,
    });
    const early = this.early.filter((event) => event.exportId === started.exportId);
    this.early = [];
    for (const event of early) this.event(event);
    if (cancelling && this.current.status === 'running') await this.sendCancel(started.exportId);
  }

  async cancel(): Promise<void> {
    const phase = this.current;
    if (phase.status === 'starting') this.set({ ...phase, cancelling: true });
    else if (phase.status === 'running' && !phase.cancelling) {
      this.set({ ...phase, cancelling: true });
      await this.sendCancel(phase.exportId);
    }
  }

  /** Back to the choice of format, once an outcome was seen. */
  reset(): void {
    if (!isBusy(this.current)) this.set({ status: 'idle', note: null });
  }

  dispose(): void {
    this.stopListening();
    const phase = this.current;
    // A control that goes away cancels what it started: nobody is left to see the outcome.
    if (phase.status === 'running') void this.deps.cancel(phase.exportId).catch(() => undefined);
  }

  private async sendCancel(exportId: string): Promise<void> {
    let answer: { cancelled: boolean };
    try {
      answer = await this.deps.cancel(exportId);
    } catch (thrown) {
      const phase = this.current;
      // Still running: Cancel can be tried again; the export's own outcome still arrives.
      if (phase.status === 'running' && phase.exportId === exportId)
        this.set({ ...phase, cancelling: false });
      console.warn('FloatDesk: the export could not be cancelled.', toErrorShape(thrown).message);
      return;
    }
    if (answer.cancelled) return;
    // Nothing was running: the export ended, and its outcome should arrive at once.
    this.lostTimer = setTimeout(() => {
      const phase = this.current;
      if (phase.status === 'running' && phase.exportId === exportId) {
        this.stopListening();
        this.set({
          status: 'failed',
          fileName: phase.fileName,
          message: 'The export had already ended, but its outcome did not reach this window. Try again.',
        });
      }
    }, this.deps.lostAfterMs ?? 3000);
  }

  private event(event: ExportProgress | ExportFinished): void {
    const phase = this.current;
    if (phase.status === 'starting') {
      this.early.push(event);
      return;
    }
    if (phase.status !== 'running' || phase.exportId !== event.exportId) return;
    if (!('outcome' in event)) {
      this.set({ ...phase, rows: event.rows, totalRows: event.totalRows });
      return;
    }
    this.stopListening();
    void this.finish(phase.exportId, event);
  }

  private async finish(exportId: string, finished: ExportFinished): Promise<void> {
    const { fileName, rows, bytes } = finished;
    if (finished.outcome === 'cancelled') return this.set({ status: 'cancelled', fileName });
    if (finished.outcome === 'failed')
      return this.set({
        status: 'failed',
        fileName,
        message: finished.error?.message ?? 'The export failed for a reason the core did not say.',
      });
    if (this.deps.download === null)
      return this.set({ status: 'done', fileName, rows, bytes, savedTo: finished.path });
    this.set({ status: 'downloading', fileName, rows, bytes });
    try {
      await this.deps.download(exportId, fileName);
      this.set({ status: 'done', fileName, rows, bytes, savedTo: null });
    } catch (thrown) {
      this.set({
        status: 'failed',
        fileName,
        message: `The file was made but could not be downloaded: ${thrown instanceof Error ? thrown.message : String(thrown)}`,
      });
    }
  }

  private stopListening(): void {
    for (const stop of this.unsubscribe) stop();
    this.unsubscribe = [];
    if (this.lostTimer !== undefined) clearTimeout(this.lostTimer);
    this.lostTimer = undefined;
  }

  private set(phase: ExportPhase): void {
    this.current = phase;
    this.onChange(phase);
  }
}
