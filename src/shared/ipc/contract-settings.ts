import { z } from 'zod';
import { NoInput } from './schemas';
import { ProformaInvoiceSchema } from './contract-transfers';

/** Settings and workspaces. Secrets go in and never come back out. */

export const SettingsSchema = z.object({
  /** Minutes between background syncs; 0 turns auto-sync off. */
  syncIntervalMinutes: z.number().int().min(0).max(1440),
  /** 'system' or a BCP 47 tag such as en-GB or de-DE: number and date format. */
  locale: z.string().min(2).max(35),
  /** How dates are written: ISO (2026-11-22) or the locale's own style. */
  dateStyle: z.enum(['iso', 'locale']),
  theme: z.enum(['system', 'light', 'dark']),
  /** Company details that prefill a transfer request's proforma invoice block. */
  company: ProformaInvoiceSchema,
  /** Prefills the finance e-mail of a transfer request. */
  financeEmail: z.string().max(320).nullable(),
  /** The name of the person who works in this workspace: sign-offs, decisions and runs carry it. */
  signerName: z.string().max(100).nullable(),
});

export const WorkspaceEntrySchema = z.object({
  /** The workspace folder: its identity. */
  dir: z.string(),
  name: z.string(),
  kind: z.enum(['demo', 'platform']),
  baseUrl: z.string().nullable(),
  current: z.boolean(),
});

export const ConnectionInfoSchema = z.object({
  kind: z.enum(['demo', 'platform']),
  baseUrl: z.string().nullable(),
  /** Whether an API key and secret are available to this session — never the values. */
  hasCredentials: z.boolean(),
  /**
   * Where this session's key and secret come from: entered in Settings now ('session'), the
   * environment, or saved by the Electron shell in an earlier session ('stored').
   */
  credentialsSource: z.enum(['environment', 'session', 'stored', 'none']),
  /**
   * Where entered credentials are kept: 'encrypted' by the OS secret store (Electron safeStorage),
   * 'plaintext' (only by the documented setting below), 'memory' (until FloatDesk stops; asked
   * again at next start), 'none' (nothing entered).
   */
  credentialsStorage: z.enum(['encrypted', 'plaintext', 'memory', 'none']),
  /**
   * The OS secret store that holds (or, once entered, will hold) the encryption key: gnome_libsecret,
   * kwallet5, keychain, dpapi ...; null when this shell saves nothing or has no secure store.
   */
  storageBackend: z.string().nullable(),
  /**
   * What the person must be told: the credentials are kept in memory only ('memory-only'), or the
   * saved ones cannot be used (key store changed, file damaged) and must be entered again ('re-enter').
   */
  storageNotice: z.object({ kind: z.enum(['memory-only', 're-enter']), message: z.string() }).nullable(),
  /**
   * The "keep the key and secret in a plain file" setting. Offered only by the Electron shell on a
   * system without a secure key store; when enabled, anyone who can read the workspace folder can
   * read the key and secret.
   */
  plainTextStorage: z.object({ offered: z.boolean(), enabled: z.boolean() }),
});

export const settingsContract = {
  'settings:get': { input: NoInput, output: SettingsSchema },
  /** Change some settings; answers all of them. */
  'settings:update': { input: SettingsSchema.partial().strict(), output: SettingsSchema },
  'workspaces:list': { input: NoInput, output: z.object({ workspaces: z.array(WorkspaceEntrySchema) }) },
  /** A new platform workspace folder under the data home; it is not opened. */
  'workspaces:create': {
    input: z.object({ name: z.string().min(1).max(100), baseUrl: z.string().min(1).max(2000) }).strict(),
    output: WorkspaceEntrySchema,
  },
  /** Close this workspace and open another (the UI reloads on 'app:workspace-changed'). */
  'workspaces:switch': {
    input: z.object({ dir: z.string().min(1).max(4096) }).strict(),
    output: WorkspaceEntrySchema,
  },
  'connection:get': { input: NoInput, output: ConnectionInfoSchema },
  /** Base URL and/or credentials; the secret fields are write-only. */
  'connection:set': {
    input: z
      .object({
        baseUrl: z.string().min(1).max(2000).optional(),
        apiKey: z.string().min(1).max(500).optional(),
        apiSecret: z.string().min(1).max(500).optional(),
        /** The documented plain-file setting (see plainTextStorage); refused where not offered. */
        storeInPlainText: z.boolean().optional(),
      })
      .strict(),
    output: ConnectionInfoSchema,
  },
  /** One signed, cheap call to the platform (check-floats) with the current connection. */
  'connection:test': {
    input: NoInput,
    output: z.object({
      ok: z.boolean(),
      latencyMs: z.number().nonnegative().nullable(),
      message: z.string(),
      code: z.string().nullable(),
    }),
  },
} as const;

export type Settings = z.output<typeof SettingsSchema>;
export type WorkspaceEntry = z.output<typeof WorkspaceEntrySchema>;
export type ConnectionInfo = z.output<typeof ConnectionInfoSchema>;
