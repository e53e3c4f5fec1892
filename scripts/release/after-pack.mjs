// electron-builder `afterPack` hook (electron-builder.yml): flips the Electron fuses of the packed
// app before electron-builder signs it and builds the installers, then reads them back, so a
// release can never ship with a fuse left at Electron's default.
import fuses from '@electron/fuses';
import { checkFuseWire, fuseConfig, needsAdHocResign, packagedExecutable } from './fuses.mjs';

const { flipFuses, getCurrentFuseWire } = fuses;

/** @param {import('app-builder-lib').AfterPackContext} context */
export async function afterPack(context) {
  const executable = packagedExecutable(context);
  const config = fuseConfig({ resetAdHocDarwinSignature: needsAdHocResign(context) });
  const wires = await flipFuses(executable, config);
  const { problems, lines } = checkFuseWire(await getCurrentFuseWire(executable));
  if (problems.length > 0) {
    throw new Error(`Electron fuses of ${executable} are wrong after flipping:\n  ${problems.join('\n  ')}`);
  }
  console.log(`  • fuses flipped  file=${executable} wires=${wires}\n    ${lines.join('\n    ')}`);
}

export default afterPack;
