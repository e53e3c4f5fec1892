import { invalidInput } from '../../../shared/ipc/errors';
import type { ConnectionInfo } from '../../../shared/ipc/contract-settings';
import type { ApiCredentials } from './credentials';
import { errorName } from './error-name';
import { readSecretFile, removeSecretFile, writeSecretFile } from './secret-file';
import { storageAfterFailedSave } from './failed-save';
import { API_CREDENTIALS_SECRET, type SecretKind } from './secret-kinds';
import { isSecureStore, type SecretVault, type VaultDescription } from './secret-vault';

export type StorageState = Pick<
  ConnectionInfo,
  'credentialsStorage' | 'storageBackend' | 'storageNotice' | 'plainTextStorage'
>;
type Notice = NonNullable<ConnectionInfo['storageNotice']>;

/** Where a slot may keep what is entered: a workspace folder and the shell's OS secret store. */
export interface SlotPersistence {
  workspaceDir: string;
  vault: SecretVault;
}

/**
 * A secret entered for one workspace (secret-kinds.ts says which: the API key and secret, the team
 * password), kept by the host across core restarts. With
 * a persistence (the Electron shell) they are saved encrypted by a real OS secret store; on a
 * system without one (basic_text, unknown) they stay in memory unless the person turned on the
 * documented plain-file setting. Without one (browser shell, CLI) nothing is ever read or written.
 * Private fields, and no method answers the values except current(): logging a slot shows nothing.
 */
export class SecretSlot<T> {
  readonly #kind: SecretKind<T>;
  readonly #persistence: SlotPersistence | undefined;
  readonly #report: (message: string) => void;
  #credentials: T | undefined;
  #origin: 'session' | 'stored' | undefined;
  #storage: StorageState['credentialsStorage'] = 'none';
  #backend: string | null = null;
  #problem: Notice | null = null;
  #plainText = false;
  #description: Promise<VaultDescription> | undefined;
  #secureKnown: boolean | undefined;
  /** The secure store entered credentials would be saved with; null without one. */
  #secureBackend: string | null = null;
  /** Saving failed: kept in memory, and the notice says why. */
  #notSaved = false;
  /** Saves run one after another, so an older save can never finish last and win the file. */
  #saving: Promise<void> = Promise.resolve();
  /** Settles once what was saved has been read (at once without a persistence); never rejects. */
  readonly ready: Promise<void>;

  constructor(
    kind: SecretKind<T>,
    persistence?: SlotPersistence,
    report: (message: string) => void = (message) => console.error(`FloatDesk: ${message}`),
  ) {
    this.#kind = kind;
    this.#persistence = persistence;
    this.#report = report;
    this.ready = persistence ? this.#load(persistence) : Promise.resolve();
  }

  current(): T | undefined {
    return this.#credentials;
  }

  /** 'session': entered in Settings in this session; 'stored': read from the workspace at start. */
  origin(): 'session' | 'stored' | undefined {
    return this.#credentials ? this.#origin : undefined;
  }

  state(): StorageState {
    const secure = this.#secureKnown;
    // A plain file kept because moving it into the secure store failed: the setting stays offered,
    // so the person can turn it off (which removes the file).
    const offered = this.#persistence !== undefined && (secure === false || this.#storage === 'plaintext');
    let notice = this.#problem;
    if (!notice && this.#storage === 'memory')
      notice = {
        kind: 'memory-only',
        message: this.#notSaved ? this.#kind.wording.notSaved : this.#memoryOnlyText(),
      };
    return {
      credentialsStorage: this.#storage,
      storageBackend: this.#storage === 'encrypted' ? this.#backend : this.#secureBackend,
      storageNotice: notice,
      plainTextStorage: { offered, enabled: offered && this.#plainText },
    };
  }

  /** New credentials from Settings: kept, then saved as the rules allow (never throws for storage). */
  async enter(credentials: T): Promise<void> {
    await this.ready;
    this.#credentials = credentials;
    this.#origin = 'session';
    this.#problem = null;
    await this.#save();
  }

  /** The documented plain-file setting; only where a shell can save and no secure store exists. */
  async setPlainText(enabled: boolean): Promise<void> {
    await this.ready;
    if (!this.#persistence) {
      throw invalidInput('connection', [
        {
          field: 'storeInPlainText',
          problem: this.#kind.wording.noPlainFile,
        },
      ]);
    }
    const keptPlainFile = !enabled && this.#storage === 'plaintext';
    if ((await this.#secure()) && !keptPlainFile) {
      throw invalidInput('connection', [
        {
          field: 'storeInPlainText',
          problem: this.#kind.wording.alwaysEncrypted,
        },
      ]);
    }
    if (enabled === this.#plainText) return;
    this.#plainText = enabled;
    if (this.#credentials) await this.#save();
  }

  /** Forget what was entered or saved: kept nowhere from now on (its file removed). */
  async forget(): Promise<void> {
    await this.ready;
    this.#credentials = undefined;
    this.#origin = undefined;
    this.#problem = null;
    const run = this.#saving.then(() => {
      if (this.#persistence) removeSecretFile(this.#persistence.workspaceDir, this.#kind.fileName);
      this.#settle('none');
    });
    this.#saving = run.catch(() => undefined);
    return run;
  }

  toJSON(): { storage: StorageState['credentialsStorage'] } {
    return { storage: this.#storage };
  }

  #reEnter(why: string): Notice {
    return { kind: 're-enter', message: `${why} ${this.#kind.wording.enterAgain}` };
  }

  #memoryOnlyText(): string {
    return this.#persistence ? this.#kind.wording.noSecureStore : this.#kind.wording.shellMemoryOnly;
  }

  async #secure(): Promise<boolean> {
    if (!this.#persistence) return false;
    this.#description ??= this.#persistence.vault.describe();
    try {
      const description = await this.#description;
      this.#secureKnown = isSecureStore(description);
      this.#secureBackend = this.#secureKnown ? description.backend : null;
    } catch (error) {
      this.#report(`the OS secret store could not be asked whether it works (${errorName(error)}).`);
      this.#secureKnown = false;
    }
    return this.#secureKnown;
  }

  async #backendName(): Promise<string> {
    try {
      return (await this.#description)?.backend ?? 'none';
    } catch {
      return 'none';
    }
  }

  async #load({ workspaceDir, vault }: SlotPersistence): Promise<void> {
    const secure = await this.#secure();
    const saved = readSecretFile(workspaceDir, this.#kind);
    if (saved.kind === 'absent') return;
    if (saved.kind === 'damaged') {
      this.#problem = this.#reEnter(
        `The saved ${this.#kind.what} could not be read (${this.#kind.fileName} is damaged).`,
      );
      return;
    }
    if (saved.kind === 'plaintext') {
      this.#plainText = true;
      this.#credentials = saved.credentials;
      this.#origin = 'stored';
      // A secure store appeared since: move them into it (and remove the plain file).
      if (secure) await this.#save();
      else this.#storage = 'plaintext';
      return;
    }
    const backend = await this.#backendName();
    if (!secure || saved.backend !== backend) {
      this.#problem = this.#reEnter(this.#kind.wording.savedWithOtherStore(saved.backend, backend));
      return;
    }
    try {
      const decrypted = await vault.decrypt(saved.ciphertext);
      const parsed = this.#kind.parse(JSON.parse(decrypted.text));
      if (parsed === undefined) throw new Error('unexpected content');
      this.#credentials = parsed;
      this.#origin = 'stored';
      this.#storage = 'encrypted';
      this.#backend = saved.backend;
      if (decrypted.shouldReEncrypt) await this.#save();
    } catch (error) {
      this.#report(`the saved ${this.#kind.what} could not be decrypted (${errorName(error)}).`);
      this.#problem = this.#reEnter(`The saved ${this.#kind.what} could not be decrypted by "${backend}".`);
    }
  }

  /**
   * Save the current credentials by the rules; on any failure keep them in memory and say so.
   * Saves are serialised: each one reads the credentials when its turn comes, so the file always
   * ends up with the latest ones whatever order the key store answers in.
   */
  #save(): Promise<void> {
    const run = this.#saving.then(() => this.#saveNow());
    this.#saving = run.catch(() => undefined);
    return run;
  }

  async #saveNow(): Promise<void> {
    const credentials = this.#credentials;
    const origin = this.#origin;
    if (!credentials || !this.#persistence) {
      this.#settle(credentials ? 'memory' : 'none');
      return;
    }
    const { workspaceDir, vault } = this.#persistence;
    try {
      if (await this.#secure()) {
        const ciphertext = await vault.encrypt(JSON.stringify(credentials));
        const backend = await this.#backendName();
        // Entered again while the key store was answering: the newer save (queued) writes them.
        if (this.#credentials !== credentials) return;
        writeSecretFile<T>(
          workspaceDir,
          { version: 1, backend, ciphertext: Buffer.from(ciphertext).toString('base64') },
          this.#kind.fileName,
        );
        this.#settle('encrypted', backend);
      } else if (this.#plainText) {
        writeSecretFile<T>(
          workspaceDir,
          { version: 1, backend: 'plaintext', credentials },
          this.#kind.fileName,
        );
        this.#settle('plaintext');
      } else {
        // No secure store now (none on this system, or a passing outage). A plain file is always
        // superseded: remove it. An encrypted file is harmless and may work again next start, but
        // it cannot be told apart from one holding OTHER credentials without decrypting it, which
        // the store cannot do now. So it is removed only when new credentials were entered in
        // this session (the old key must not come back silently at next start). An outage at load
        // never gets here (#load leaves the file alone and asks again), so a good file survives.
        const saved = readSecretFile(workspaceDir, this.#kind);
        if (origin === 'session' || saved.kind === 'plaintext')
          removeSecretFile(workspaceDir, this.#kind.fileName);
        this.#settle('memory');
      }
    } catch (error) {
      this.#report(`the ${this.#kind.what} could not be saved (${errorName(error)}).`);
      const after = storageAfterFailedSave(this.#kind, workspaceDir, origin, this.#plainText, this.#report);
      this.#settle(after.storage, after.backend, after.notSaved);
    }
  }

  #settle(
    storage: StorageState['credentialsStorage'],
    backend: string | null = null,
    notSaved = false,
  ): void {
    this.#storage = storage;
    this.#backend = backend;
    this.#notSaved = notSaved;
  }
}

/** The platform's API key and secret for one workspace. */
export class CredentialSlot extends SecretSlot<ApiCredentials> {
  constructor(persistence?: SlotPersistence, report?: (message: string) => void) {
    super(API_CREDENTIALS_SECRET, persistence, report);
  }
}
