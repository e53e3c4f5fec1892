/** `--workspace <dir>` or `--workspace=<dir>` from the command line Electron was started with. */
export function workspaceArgument(argv: readonly string[]): string | undefined {
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    if (arg === '--workspace') return argv[index + 1];
    if (arg.startsWith('--workspace=')) return arg.slice('--workspace='.length);
  }
  return undefined;
}
