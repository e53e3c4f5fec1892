export function electronBinaryPath(packageDir?: string | null): string | null;
