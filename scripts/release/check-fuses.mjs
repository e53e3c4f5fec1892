#!/usr/bin/env node
// Reads the Electron fuses of a packaged FloatDesk back and compares them with scripts/release/fuses.mjs.
//   node scripts/release/check-fuses.mjs <executable | FloatDesk.app | unpacked folder>
// Exit 0: every fuse is right. Exit 1: some fuse is wrong or missing (each one listed).
// Exit 2: no usable path, or the file has no fuse wire (not an Electron binary).
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import fuses from '@electron/fuses';
import { checkFuseWire, EXPECTED_FUSES, resolveCheckTarget } from './fuses.mjs';

const { getCurrentFuseWire } = fuses;

export async function main(args) {
  if (args.length !== 1) {
    console.error(
      'usage: node scripts/release/check-fuses.mjs <executable | FloatDesk.app | unpacked folder>',
    );
    return 2;
  }
  let target;
  let wire;
  try {
    target = resolveCheckTarget(args[0]);
    wire = await getCurrentFuseWire(target);
  } catch (error) {
    console.error(`check-fuses: ${target ?? args[0]}: ${error instanceof Error ? error.message : error}`);
    return 2;
  }
  const { problems, lines } = checkFuseWire(wire);
  if (problems.length > 0) {
    console.error(`check-fuses: ${target}: ${problems.length} fuse(s) wrong:\n  ${problems.join('\n  ')}`);
    return 1;
  }
  console.log(
    `check-fuses: ${target}: the ${EXPECTED_FUSES.length} fuses FloatDesk sets are right\n  ${lines.join('\n  ')}`,
  );
  return 0;
}

if (isMainModule()) {
  process.exitCode = await main(process.argv.slice(2));
}

/** Run as a script, not imported? (realpath: Node resolves symlinks for the main module's URL.) */
function isMainModule() {
  return Boolean(process.argv[1]) && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
}
