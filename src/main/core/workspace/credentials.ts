import type { ConnectionInfo } from '../../../shared/ipc/contract-settings';
import { CredentialSlot, type StorageState } from './credential-slot';

/** An API key and secret: never returned to the renderer, logged, or written unencrypted by default. */
export interface ApiCredentials {
  apiKey: string;
  apiSecret: string;
}

export type CredentialsSource = ConnectionInfo['credentialsSource'];

/**
 * The credentials one workspace uses in this session: those entered in Settings now, else those
 * from the environment (FLOATDESK_API_KEY / FLOATDESK_API_SECRET), else those the Electron shell
 * saved encrypted in an earlier session. The slot (credential-slot.ts) keeps what was entered
 * across core restarts and saves it by the storage rules. Private fields, so logging the object
 * shows nothing.
 */
export class CredentialStore {
  readonly #environment: ApiCredentials | undefined;
  readonly #slot: CredentialSlot;

  constructor(environment: ApiCredentials | undefined, slot: CredentialSlot = new CredentialSlot()) {
    this.#environment = environment;
    this.#slot = slot;
  }

  current(): ApiCredentials | undefined {
    return this.source() === 'environment' ? this.#environment : this.#slot.current();
  }

  source(): CredentialsSource {
    const origin = this.#slot.origin();
    if (origin === 'session') return 'session';
    if (this.#environment) return 'environment';
    return origin ?? 'none';
  }

  /** Where entered credentials are kept, and what the person must be told about it. */
  storage(): StorageState {
    return this.#slot.state();
  }

  /** Keep and (where the rules allow) save new credentials; storage problems become a notice. */
  set(credentials: ApiCredentials): Promise<void> {
    return this.#slot.enter(credentials);
  }

  setPlainTextStorage(enabled: boolean): Promise<void> {
    return this.#slot.setPlainText(enabled);
  }

  toJSON(): { source: CredentialsSource } {
    return { source: this.source() };
  }
}

/** Both variables or neither; one alone counts as none (the CLI reports that case itself). */
export function credentialsFromEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
): ApiCredentials | undefined {
  const apiKey = env.FLOATDESK_API_KEY;
  const apiSecret = env.FLOATDESK_API_SECRET;
  return apiKey && apiSecret ? { apiKey, apiSecret } : undefined;
}
