import type { DecryptedText, SecretVault, VaultDescription } from './secret-vault';

/**
 * The OS secret store lives in the Electron main thread; the core asks it over the worker port.
 * These messages stay inside the process (main thread ↔ core worker) and never reach the renderer.
 */
export type VaultRequest =
  { op: 'describe' } | { op: 'encrypt'; text: string } | { op: 'decrypt'; bytes: Uint8Array };

export type VaultAnswer = { ok: true; value: unknown } | { ok: false; error: string };

/** Shell side: run one request against the real vault. A failure answers its kind, never a text. */
export async function answerVaultRequest(vault: SecretVault, request: VaultRequest): Promise<VaultAnswer> {
  try {
    switch (request.op) {
      case 'describe':
        return { ok: true, value: await vault.describe() };
      case 'encrypt':
        return { ok: true, value: await vault.encrypt(request.text) };
      case 'decrypt':
        return { ok: true, value: await vault.decrypt(request.bytes) };
    }
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.name : 'Error' };
  }
}

/** How long the core waits for the OS key store (an unlock prompt may be open). */
export const VAULT_TIMEOUT_MS = 20_000;

/** Core side: a SecretVault whose every call is one request to the shell. */
export function vaultOverPort(
  send: (id: number, request: VaultRequest) => void,
  timeoutMs = VAULT_TIMEOUT_MS,
): {
  vault: SecretVault;
  settle(id: number, answer: VaultAnswer): void;
} {
  const pending = new Map<number, (answer: VaultAnswer) => void>();
  let nextId = 1;
  const ask = async <T>(request: VaultRequest): Promise<T> => {
    const id = nextId++;
    const answer = await new Promise<VaultAnswer>((resolve) => {
      // A key store waiting on an unlock prompt nobody answers must not hold the app: after the
      // limit the call fails like a refusal (memory-only or re-enter notice); a late answer is dropped.
      const timer = setTimeout(() => {
        pending.delete(id);
        resolve({ ok: false, error: 'Timeout' });
      }, timeoutMs);
      timer.unref?.();
      pending.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      send(id, request);
    });
    if (!answer.ok) throw new VaultError(answer.error);
    return answer.value as T;
  };
  return {
    vault: {
      describe: () => ask<VaultDescription>({ op: 'describe' }),
      encrypt: (text) => ask<Uint8Array>({ op: 'encrypt', text }),
      decrypt: (bytes) => ask<DecryptedText>({ op: 'decrypt', bytes }),
    },
    settle(id, answer) {
      pending.get(id)?.(answer);
      pending.delete(id);
    },
  };
}

/** The shell's secret store refused; `kind` is the name of the error it raised there. */
export class VaultError extends Error {
  constructor(readonly kind: string) {
    super(`The OS secret store failed (${kind}).`);
    this.name = 'VaultError';
  }
}
