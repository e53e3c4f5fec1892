import type { TypedClient } from '@shared/ipc/typed-client';

/**
 * What the catalogue stores need from the core: the typed client's invoke. The app passes the real
 * client (stores/catalogue.ts); unit tests pass a scripted fake.
 */
export type CatalogueClient = Pick<TypedClient, 'invoke'>;
