import type { TypedClient } from '@shared/ipc/typed-client';

/**
 * What the transfers stores need from the core: the typed client's invoke and onEvent. The app
 * passes the real client (stores/transfers.ts); unit tests pass a scripted fake.
 */
export type TransfersClient = Pick<TypedClient, 'invoke' | 'onEvent'>;
