import { z } from 'zod';
import { IsoTimestamp, NoInput } from './schemas';

/** Diagnostics for support: a plain-text report that carries no secret and no personal data. */
export const DiagnosticsSchema = z.object({
  /** The report, ready to paste into a message: versions, settings, last sync runs, last problems. */
  text: z.string(),
  generatedAt: IsoTimestamp,
  /** Where this workspace's log file is; null when it has none. */
  logPath: z.string().nullable(),
});

export const diagnosticsContract = {
  'app:diagnostics': { input: NoInput, output: DiagnosticsSchema },
} as const;

export type Diagnostics = z.output<typeof DiagnosticsSchema>;
