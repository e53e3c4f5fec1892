/**
 * What the core needs from an OS secret store. The Electron shell provides one over the worker
 * protocol (shell/secrets.ts wraps Electron's safeStorage async API); the browser shell and the CLI
 * provide none, so there credentials are never written anywhere.
 */
export interface VaultDescription {
  /** Whether encryption works at all in this session. */
  available: boolean;
  /**
   * The store that holds the encryption key: on Linux safeStorage's backend (gnome_libsecret,
   * kwallet5, basic_text, unknown, ...), 'keychain' on macOS, 'dpapi' on Windows.
   */
  backend: string;
}

export interface DecryptedText {
  text: string;
  /** The store rotated its key: encrypt the text again and replace what was saved. */
  shouldReEncrypt: boolean;
}

export interface SecretVault {
  describe(): Promise<VaultDescription>;
  encrypt(text: string): Promise<Uint8Array>;
  decrypt(bytes: Uint8Array): Promise<DecryptedText>;
}

/**
 * Backends that are no real secret store: basic_text encrypts with a key built into Chromium, and
 * unknown means none was chosen. Anything encrypted with them is as good as plain text.
 */
const INSECURE_BACKENDS: ReadonlySet<string> = new Set(['basic_text', 'unknown', '']);

/** Whether secrets encrypted by this vault may be written to disk. */
export function isSecureStore(description: VaultDescription): boolean {
  return description.available && !INSECURE_BACKENDS.has(description.backend);
}
