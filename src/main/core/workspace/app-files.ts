import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { makePrivateFolderSync, PRIVATE_FILE_MODE } from '../files/private-files';

/**
 * Two small app-level files in the data home, never holding a secret:
 * - settings.json: `{"lastWorkspace": "<dir>"}` — the workspace the next start opens.
 * - workspaces.json: `{"workspaces": ["<dir>", ...]}` — folders opened from elsewhere (--workspace),
 *   so Settings can list them.
 * A missing or unreadable file counts as empty; writes replace the file in one rename.
 */
export const APP_SETTINGS_FILE = 'settings.json';
export const REMEMBERED_WORKSPACES_FILE = 'workspaces.json';

function readObject(path: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function writeObject(path: string, value: Record<string, unknown>): void {
  makePrivateFolderSync(dirname(path));
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
  renameSync(temporary, path);
}

export class AppFiles {
  constructor(readonly dataHome: string) {}

  private get settingsPath(): string {
    return join(this.dataHome, APP_SETTINGS_FILE);
  }

  private get rememberedPath(): string {
    return join(this.dataHome, REMEMBERED_WORKSPACES_FILE);
  }

  lastWorkspace(): string | undefined {
    const value = readObject(this.settingsPath).lastWorkspace;
    return typeof value === 'string' && value !== '' ? value : undefined;
  }

  /** Keeps whatever else settings.json holds. */
  setLastWorkspace(dir: string): void {
    writeObject(this.settingsPath, { ...readObject(this.settingsPath), lastWorkspace: resolve(dir) });
  }

  remembered(): string[] {
    const list = readObject(this.rememberedPath).workspaces;
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  }

  remember(dir: string): void {
    const absolute = resolve(dir);
    const current = this.remembered();
    if (current.includes(absolute)) return;
    writeObject(this.rememberedPath, {
      ...readObject(this.rememberedPath),
      workspaces: [...current, absolute],
    });
  }
}
