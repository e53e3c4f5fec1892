export const LINUX_ICON_SIZES: number[];
export const MAIN_ICON_SIZE: number;
/** Every PNG the script writes: [path relative to the repository, size in pixels]. */
export function iconOutputs(): Array<[string, number]>;
