/** An API key and secret: held in memory only, never returned to the renderer, logged or written. */
export interface ApiCredentials {
  apiKey: string;
  apiSecret: string;
}

export type CredentialsSource = 'environment' | 'session' | 'none';

/**
 * The credentials one workspace uses in this session: those entered in Settings (kept for the
 * session only — persisting them encrypted is issue #10), else those from the environment
 * (FLOATDESK_API_KEY / FLOATDESK_API_SECRET). Private fields, so logging the object shows nothing.
 */
export class CredentialStore {
  readonly #environment: ApiCredentials | undefined;
  #session: ApiCredentials | undefined;
  readonly #onSet: ((credentials: ApiCredentials) => void) | undefined;

  constructor(
    environment: ApiCredentials | undefined,
    session?: ApiCredentials,
    onSet?: (credentials: ApiCredentials) => void,
  ) {
    this.#environment = environment;
    this.#session = session;
    this.#onSet = onSet;
  }

  current(): ApiCredentials | undefined {
    return this.#session ?? this.#environment;
  }

  source(): CredentialsSource {
    if (this.#session) return 'session';
    return this.#environment ? 'environment' : 'none';
  }

  set(credentials: ApiCredentials): void {
    this.#session = { apiKey: credentials.apiKey, apiSecret: credentials.apiSecret };
    this.#onSet?.(this.#session);
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
