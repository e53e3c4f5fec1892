import type { PackContextLike } from './fuses.mjs';

export function afterPack(context: PackContextLike): Promise<void>;
export default afterPack;
