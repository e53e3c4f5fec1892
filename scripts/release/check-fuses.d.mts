/** Runs the check for `args` (one path) and returns the exit code: 0 right, 1 wrong fuses, 2 unusable path. */
export function main(args: string[]): Promise<number>;
