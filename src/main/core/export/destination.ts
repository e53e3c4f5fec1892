/** Where an export goes: a path the caller chose (checked), or the workspace's exports folder. */
import { statSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { AppError } from '../../../shared/ipc/errors';
import { fileSystemError } from '../files/fs-errors';
import { makePrivateFolderSync } from '../files/private-files';

export const EXPORTS_FOLDER = 'exports';

export function chooseDestination(
  destination: string | undefined,
  workspaceDir: string,
  exportId: string,
  fileName: string,
): string {
  if (destination === undefined) {
    const folder = join(workspaceDir, EXPORTS_FOLDER);
    try {
      makePrivateFolderSync(folder);
    } catch (error) {
      throw fileSystemError(error, { what: 'the export', folder }) ?? error;
    }
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
