import type { ConnectionInfo } from '../../../shared/ipc/contract-settings';
import { AppError, invalidInput, toErrorShape, type FieldIssue } from '../../../shared/ipc/errors';
import type { Ledger } from '../ledger/db';
import { WorkspacesRepository, type WorkspaceRecord } from '../ledger/repositories/workspaces';
import { createPlatformClient } from '../platform/client';
import type { PlatformCredentials } from '../platform/types';
import type { SyncService } from '../sync/service';
import { checkBaseUrl } from './base-url';
import { platformConnection } from './connection';
import type { CredentialStore } from './credentials';

export interface ConnectionChange {
  baseUrl?: string;
  apiKey?: string;
  apiSecret?: string;
  storeInPlainText?: boolean;
}

const DEMO_STORAGE = {
  credentialsStorage: 'none',
  storageBackend: null,
  storageNotice: null,
  plainTextStorage: { offered: false, enabled: false },
} as const;

export interface ConnectionTestResult {
  ok: boolean;
  latencyMs: number | null;
  message: string;
  code: string | null;
}

/** One signed check-floats call; a test is not worth retrying. */
export type CheckFloatsOnce = (credentials: PlatformCredentials) => Promise<void>;

const checkFloatsOnce: CheckFloatsOnce = async (credentials) => {
  const client = createPlatformClient(credentials, { maxRetries: 0 });
  try {
    await client.checkFloats();
  } finally {
    await client.close();
  }
};

const DEMO_FIXED =
  'The demo workspace talks to the built-in simulator: its address and keys cannot be changed. Create a platform workspace to connect to the platform.';

/** connection:get/set/test of the open workspace. Secrets go in and never come back out. */
export class ConnectionService {
  private readonly workspaces: WorkspacesRepository;

  constructor(
    db: Ledger,
    private readonly sync: Pick<SyncService, 'connectedClient' | 'reconnect'>,
    private readonly credentials: CredentialStore,
    private readonly check: CheckFloatsOnce = checkFloatsOnce,
  ) {
    this.workspaces = new WorkspacesRepository(db);
  }

  private workspace(): WorkspaceRecord {
    const workspace = this.workspaces.first();
    if (!workspace) throw new AppError('internal', 'This ledger has no workspace record.');
    return workspace;
  }

  info(): ConnectionInfo {
    const workspace = this.workspace();
    if (workspace.kind === 'demo') {
      // The simulator makes its own key and secret for each session.
      return {
        kind: 'demo',
        baseUrl: null,
        hasCredentials: true,
        credentialsSource: 'session',
        ...DEMO_STORAGE,
        plainTextStorage: { ...DEMO_STORAGE.plainTextStorage },
      };
    }
    return {
      kind: 'platform',
      baseUrl: workspace.baseUrl,
      hasCredentials: this.credentials.current() !== undefined,
      credentialsSource: this.credentials.source(),
      ...this.credentials.storage(),
    };
  }

  async set(change: ConnectionChange): Promise<ConnectionInfo> {
    const workspace = this.workspace();
    const issues: FieldIssue[] = [];
    if (workspace.kind === 'demo') {
      const field =
        change.baseUrl !== undefined
          ? 'baseUrl'
          : change.storeInPlainText !== undefined && change.apiKey === undefined
            ? 'storeInPlainText'
            : 'apiKey';
      throw new AppError('invalid_input', DEMO_FIXED, { issues: [{ field, problem: DEMO_FIXED }] });
    }
    const checked = change.baseUrl === undefined ? undefined : checkBaseUrl(change.baseUrl);
    if (checked && !checked.ok) issues.push({ field: 'baseUrl', problem: `the address ${checked.problem}` });
    const apiKey = change.apiKey?.trim();
    const apiSecret = change.apiSecret?.trim();
    if (apiKey !== undefined && !apiSecret)
      issues.push({ field: 'apiSecret', problem: 'enter the API secret together with the key' });
    if (apiSecret !== undefined && !apiKey)
      issues.push({ field: 'apiKey', problem: 'enter the API key together with the secret' });
    if (issues.length > 0) throw invalidInput('connection', issues);

    // The setting first (it refuses before anything changed), so credentials entered with it are
    // kept as it says.
    if (change.storeInPlainText !== undefined)
      await this.credentials.setPlainTextStorage(change.storeInPlainText);
    if (checked?.ok && checked.url !== workspace.baseUrl)
      this.workspaces.setConnection(workspace.id, { name: workspace.name, baseUrl: checked.url });
    if (apiKey && apiSecret) await this.credentials.set({ apiKey, apiSecret });
    if (checked?.ok || (apiKey && apiSecret)) await this.sync.reconnect();
    return this.info();
  }

  async test(): Promise<ConnectionTestResult> {
    const workspace = this.workspace();
    const started = performance.now();
    try {
      if (workspace.kind === 'demo') await (await this.sync.connectedClient()).checkFloats();
      else await this.check(platformConnection(workspace, this.credentials.current()).credentials);
      const latencyMs = Math.round(performance.now() - started);
      const who = workspace.kind === 'demo' ? 'The built-in simulator' : 'The platform';
      return {
        ok: true,
        latencyMs,
        message: `${who} accepted the credentials and answered in ${latencyMs} ms.`,
        code: null,
      };
    } catch (error) {
      const shape = toErrorShape(error);
      return { ok: false, latencyMs: null, message: shape.message, code: shape.code };
    }
  }
}
