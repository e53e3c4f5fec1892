/**
 * One mapping from a failed file operation to what a person reads (disk_full, file_access), and the
 * owner-only modes: new files 0600, folders 0700, older wider files narrowed (never through a
 * symbolic link, never a file FloatDesk did not make), nothing at all on Windows.
 */
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/shared/ipc/errors';
import { fileSystemError, isLocalFileError, localFileError } from '../../src/main/core/files/fs-errors';
import {
  makePrivateFolderSync,
  narrowTree,
  precreatePrivateFile,
} from '../../src/main/core/files/private-files';
import { filesMadePrivateText } from '../../src/main/core/notifications/messages';
import { isWorkspaceEntry, makeWorkspacePrivate } from '../../src/main/core/workspace/private-workspace';

const posix = process.platform !== 'win32';
let dir: string | undefined;
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});
const tempDir = (): string => (dir = mkdtempSync(join(tmpdir(), 'floatdesk-modes-')));
const modeOf = (path: string): number => lstatSync(path).mode & 0o777;
const fsError = (code: string): Error =>
  Object.assign(new Error(`${code}: something, write`), { code, syscall: 'write' });
const target = { what: 'the export', folder: '/media/usb/reports', path: '/media/usb/reports/a.csv' };

describe('fileSystemError', () => {
  it('says a full disk (ENOSPC, EDQUOT) as disk_full, naming the folder and saying to free space', () => {
    for (const code of ['ENOSPC', 'EDQUOT']) {
      const error = fileSystemError(fsError(code), target)!;
      expect(error.code).toBe('disk_full');
      expect(error.message).toBe(
        'The export could not be written: the disk holding /media/usb/reports is full. Free some space on it and try again.',
      );
      expect(error.details).toEqual({ folder: target.folder, path: target.path, cause: code });
    }
  });

  it('says a refused write (EACCES, EPERM, EROFS) as file_access, with what to do', () => {
    for (const code of ['EACCES', 'EPERM']) {
      const error = fileSystemError(fsError(code), target)!;
      expect(error.code).toBe('file_access');
      expect(error.message).toMatch(
        /not allowed to write in \/media\/usb\/reports\. Check the folder's permissions/,
      );
    }
    const readOnly = fileSystemError(fsError('EROFS'), target)!;
    expect(readOnly.code).toBe('file_access');
    expect(readOnly.message).toMatch(/is on a read-only disk\. Choose another folder\./);
  });

  it('finds the code on a cause, passes AppErrors through and leaves anything else alone', () => {
    const wrapped = new Error('zip failed', { cause: fsError('ENOSPC') });
    expect(fileSystemError(wrapped, target)?.code).toBe('disk_full');
    const app = new AppError('ledger_busy', 'busy');
    expect(fileSystemError(app, target)).toBe(app);
    expect(fileSystemError(fsError('ECONNRESET'), target)).toBeUndefined();
    expect(fileSystemError(Object.assign(new Error('x'), { code: 'SQLITE_FULL' }), target)).toBeUndefined();
    expect(fileSystemError(new Error('plain'), target)).toBeUndefined();
  });

  it('localFileError: any other file failure is file_access naming its code, never internal', () => {
    const error = localFileError(fsError('EIO'), { what: 'a downloaded template', folder: '/w/templates' });
    expect(error.code).toBe('file_access');
    expect(error.message).toBe(
      'A downloaded template could not be written in /w/templates (EIO). Check the disk and the folder, then try again.',
    );
    expect(isLocalFileError(error)).toBe(true);
    expect(isLocalFileError(localFileError(fsError('ENOSPC'), target))).toBe(true);
    expect(isLocalFileError(new AppError('offline', 'x'))).toBe(false);
  });
});

describe('owner-only files and folders', () => {
  it.runIf(posix)(
    'creates folders 0700 (every level) and pre-creates files 0600, leaving existing ones',
    () => {
      const root = tempDir();
      makePrivateFolderSync(join(root, 'a', 'b'));
      expect(modeOf(join(root, 'a'))).toBe(0o700);
      expect(modeOf(join(root, 'a', 'b'))).toBe(0o700);
      precreatePrivateFile(join(root, 'ledger.sqlite'));
      expect(modeOf(join(root, 'ledger.sqlite'))).toBe(0o600);
      writeFileSync(join(root, 'kept'), 'content', { mode: 0o640 });
      precreatePrivateFile(join(root, 'kept'));
      expect(modeOf(join(root, 'kept'))).toBe(0o640);
      expect(statSync(join(root, 'kept')).size).toBe(7);
      expect(() => precreatePrivateFile(join(root, 'missing', 'x'))).not.toThrow();
    },
  );

  it.runIf(posix)('narrows what is ours, below it too, and nothing else; never through a link', () => {
    const root = tempDir();
    const outside = join(root, 'outside.txt');
    writeFileSync(outside, 'not FloatDesk', { mode: 0o644 });
    const ws = join(root, 'ws');
    mkdirSync(join(ws, 'templates', 'acme'), { recursive: true, mode: 0o755 });
    writeFileSync(join(ws, 'ledger.sqlite'), '', { mode: 0o644 });
    writeFileSync(join(ws, 'ledger.sqlite-wal'), '', { mode: 0o666 });
    writeFileSync(join(ws, 'templates', 'acme', '1.zip'), '', { mode: 0o644 });
    writeFileSync(join(ws, 'notes.txt'), '', { mode: 0o644 });
    writeFileSync(join(ws, 'already.sqlite'), '', { mode: 0o600 });
    // logs/ and backups/ are common names: only FloatDesk's own files in them are changed.
    mkdirSync(join(ws, 'backups'), { mode: 0o755 });
    writeFileSync(join(ws, 'backups', 'ledger-20260101-000000.sqlite'), '', { mode: 0o644 });
    writeFileSync(join(ws, 'backups', 'holiday.jpg'), '', { mode: 0o644 });
    mkdirSync(join(ws, 'logs', 'old'), { recursive: true, mode: 0o755 });
    writeFileSync(join(ws, 'logs', 'floatdesk.log.1'), '', { mode: 0o644 });
    writeFileSync(join(ws, 'logs', 'old', 'floatdesk.log'), '', { mode: 0o644 });
    chmodSync(join(ws, 'backups'), 0o755);
    chmodSync(join(ws, 'logs'), 0o755);
    chmodSync(join(ws, 'logs', 'old'), 0o755);
    symlinkSync(outside, join(ws, 'templates', 'link.zip'));
    chmodSync(ws, 0o755);
    chmodSync(join(ws, 'templates'), 0o755);
    chmodSync(join(ws, 'templates', 'acme'), 0o750);

    const result = narrowTree(ws, isWorkspaceEntry);
    expect(result.narrowed.sort()).toEqual(
      [
        '',
        'backups',
        'backups/ledger-20260101-000000.sqlite',
        'ledger.sqlite',
        'ledger.sqlite-wal',
        'logs',
        'logs/floatdesk.log.1',
        'templates',
        'templates/acme',
        'templates/acme/1.zip',
      ].sort(),
    );
    expect(result.failed).toEqual([]);
    expect(modeOf(ws)).toBe(0o700);
    expect(modeOf(join(ws, 'ledger.sqlite'))).toBe(0o600);
    expect(modeOf(join(ws, 'ledger.sqlite-wal'))).toBe(0o600);
    expect(modeOf(join(ws, 'templates', 'acme'))).toBe(0o700);
    expect(modeOf(join(ws, 'templates', 'acme', '1.zip'))).toBe(0o600);
    expect(modeOf(join(ws, 'notes.txt'))).toBe(0o644);
    expect(modeOf(join(ws, 'backups', 'holiday.jpg'))).toBe(0o644);
    expect(modeOf(join(ws, 'logs', 'old'))).toBe(0o755);
    expect(modeOf(join(ws, 'logs', 'old', 'floatdesk.log'))).toBe(0o644);
    expect(modeOf(outside)).toBe(0o644);
    // A second pass finds nothing left to do.
    expect(narrowTree(ws, isWorkspaceEntry).narrowed).toEqual([]);
  });

  it('does nothing on Windows and does not fail', () => {
    const root = tempDir();
    writeFileSync(join(root, 'ledger.sqlite'), '', { mode: 0o644 });
    chmodSync(root, 0o755);
    expect(narrowTree(root, () => true, 'win32')).toEqual({ narrowed: [], failed: [] });
    expect(makeWorkspacePrivate(root, 'win32')).toEqual({ phrases: [], failed: 0 });
    if (posix) expect(modeOf(join(root, 'ledger.sqlite'))).toBe(0o644);
  });
});

describe('the notice', () => {
  it.runIf(posix)('names each entry made private in plain words', () => {
    const ws = tempDir();
    chmodSync(ws, 0o755);
    writeFileSync(join(ws, 'ledger.sqlite'), '', { mode: 0o644 });
    mkdirSync(join(ws, 'backups'), { mode: 0o700 });
    writeFileSync(join(ws, 'backups', 'ledger-1.sqlite'), '', { mode: 0o644 });
    writeFileSync(join(ws, 'backups', 'ledger-2.sqlite'), '', { mode: 0o644 });
    mkdirSync(join(ws, 'templates'), { mode: 0o755 });
    writeFileSync(join(ws, 'templates', 'x.zip'), '', { mode: 0o644 });
    const made = makeWorkspacePrivate(ws);
    expect(made).toEqual({
      phrases: [
        'the workspace folder',
        '2 items in backups/',
        'ledger.sqlite',
        'templates/ (with 1 item in it)',
      ],
      failed: 0,
    });
    expect(filesMadePrivateText(made.phrases, 0)).toEqual({
      kind: 'files_made_private',
      title: 'Workspace files made private',
      message:
        'Other users of this computer could read the workspace folder, 2 items in backups/, ledger.sqlite and templates/ (with 1 item in it), as an earlier FloatDesk left them; FloatDesk has made them readable by you only.',
    });
  });

  it('says what could not be changed', () => {
    expect(filesMadePrivateText([], 2).message).toBe(
      '2 files or folders in the workspace could not be made private (another user owns them): ask your administrator to restrict them to you.',
    );
  });
});
