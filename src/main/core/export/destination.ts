/** Where an export goes: a path the caller chose (checked), or the workspace's exports folder. */
import { mkdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { AppError } from '../../../shared/ipc/errors';

export const EXPORTS_FOLDER = 'exports';

export function chooseDestination(
  destination: string | undefined,
  workspaceDir: string,
  exportId: string,
  fileName: string,
): string {
  if (destination === undefined) {
    const folder = join(workspaceDir, EXPORTS_FOLDER);
    mkdirSync(folder, { recursive: true });
    return join(folder, `${exportId}-${fileName}`);
  }
  if (!isAbsolute(destination))
    throw new AppError(
      'invalid_input',
      `The export destination must be an absolute path, not "${destination}".`,
      {
        field: 'destination',
      },
    );
  const folder = dirname(destination);
  const folderStat = statSync(folder, { throwIfNoEntry: false });
  if (folderStat === undefined || !folderStat.isDirectory())
    throw new AppError('invalid_input', `The folder ${folder} does not exist. Choose an existing folder.`, {
      field: 'destination',
    });
  if (statSync(destination, { throwIfNoEntry: false })?.isDirectory() === true)
    throw new AppError('invalid_input', `${destination} is a folder. Choose a file name.`, {
      field: 'destination',
    });
  return destination;
}
