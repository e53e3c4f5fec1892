import { create } from 'zustand';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import type { ImportFormat, ImportResult, ReconClient, ReconOutput } from './recon-client';

/** One statement file on its way in, and what the core said. */
export type ImportJob =
  | { status: 'idle' }
  | { status: 'reading'; fileName: string }
  | { status: 'importing'; fileName: string }
  /** readableRetry: refused with per-line errors, so importing only the readable lines can be offered. */
  | { status: 'done'; fileName: string; result: ImportResult; readableRetry: boolean }
  | { status: 'error'; fileName: string; error: ErrorShape };

export type ProfilesView =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; names: string[] }
  | { status: 'error'; error: ErrorShape };

export interface ReconImportState {
  format: ImportFormat;
  /** The CSV profile's name; '' for none. */
  profile: string;
  profiles: ProfilesView;
  job: ImportJob;
  setFormat(format: ImportFormat): void;
  setProfile(profile: string): void;
  loadProfiles(): Promise<void>;
  /** `recon:profiles.save`, then the saved profile is listed and chosen; the error goes to the form. */
  saveProfile(name: string, profile: Record<string, unknown>): Promise<ErrorShape | null>;
  /** The file is being read in the window (FileReader). */
  reading(fileName: string): void;
  /** The file could not be read in the window. */
  readFailed(fileName: string, message: string): void;
  importFile(fileName: string, contentBase64: string): Promise<void>;
  /** Send the last refused file again, storing the lines that could be read. */
  importReadableLines(): Promise<void>;
  /** The demo company's statement, generated and imported by the core (demo workspace only). */
  loadDemo(): Promise<ReconOutput<'recon:demo-statement.load'>>;
}

/** Whether a statement is on its way in: matching now would not see its lines yet. */
export function importUnderWay(job: ImportJob): boolean {
  return job.status === 'reading' || job.status === 'importing';
}

/** The profile only matters for CSV (or a file that auto-detection may find to be CSV). */
export function profileApplies(format: ImportFormat): boolean {
  return format === 'auto' || format === 'csv';
}

/** Statement import (`recon:import`) with the format and CSV profile chosen (`recon:profiles.list`). */
export function createReconImportStore(client: ReconClient, changed: () => void) {
  let last: { fileName: string; contentBase64: string } | null = null;
  const useImport = create<ReconImportState>()((set, get) => {
    async function send(
      fileName: string,
      contentBase64: string,
      acceptReadableLines: boolean,
    ): Promise<void> {
      const { format, profile } = get();
      set({ job: { status: 'importing', fileName } });
      try {
        const result = await client.invoke('recon:import', {
          fileName,
          contentBase64,
          format,
          ...(profile !== '' && profileApplies(format) ? { profile } : {}),
          ...(acceptReadableLines ? { acceptReadableLines: true } : {}),
        });
        const readableRetry =
          !result.stored && !acceptReadableLines && result.errors.length > 0 && result.linesRead > 0;
        last = readableRetry ? { fileName, contentBase64 } : null;
        set({ job: { status: 'done', fileName, result, readableRetry } });
        if (result.stored) changed();
      } catch (thrown) {
        last = null;
        set({ job: { status: 'error', fileName, error: toErrorShape(thrown) } });
      }
    }
    return {
      format: 'auto',
      profile: '',
      profiles: { status: 'idle' },
      job: { status: 'idle' },
      setFormat(format) {
        set({ format });
      },
      setProfile(profile) {
        set({ profile });
      },
      async loadProfiles() {
        set({ profiles: { status: 'loading' } });
        try {
          const { profiles } = await client.invoke('recon:profiles.list', {});
          const names = profiles.map((entry) => entry.name).sort((a, b) => a.localeCompare(b));
          const { profile } = get();
          // A profile chosen before that is gone now is no longer offered; with one profile, it is chosen.
          const chosen = names.includes(profile) ? profile : names.length === 1 ? (names[0] ?? '') : '';
          set({ profiles: { status: 'ready', names }, profile: chosen });
        } catch (thrown) {
          set({ profiles: { status: 'error', error: toErrorShape(thrown) } });
        }
      },
      async saveProfile(name, profile) {
        try {
          const saved = await client.invoke('recon:profiles.save', { name, profile });
          await get().loadProfiles();
          set({ profile: saved.name });
          return null;
        } catch (thrown) {
          return toErrorShape(thrown);
        }
      },
      reading(fileName) {
        last = null;
        set({ job: { status: 'reading', fileName } });
      },
      readFailed(fileName, message) {
        set({ job: { status: 'error', fileName, error: { code: 'invalid_input', message } } });
      },
      importFile(fileName, contentBase64) {
        if (get().job.status === 'importing') return Promise.resolve();
        return send(fileName, contentBase64, false);
      },
      importReadableLines() {
        if (last === null || get().job.status === 'importing') return Promise.resolve();
        return send(last.fileName, last.contentBase64, true);
      },
      async loadDemo() {
        set({ job: { status: 'importing', fileName: 'the demo bank statement' } });
        try {
          const result = await client.invoke('recon:demo-statement.load', {});
          if (result.stored) changed();
          return result;
        } finally {
          set({ job: { status: 'idle' } });
        }
      },
    };
  });
  return { useImport };
}
