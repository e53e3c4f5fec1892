/** Schemas of the platform's success answers (`data` of each endpoint), for use with decodeSuccess. */
export * from './brands';
export * from './check-floats';
export * from './envelope';
export * from './primitives';
export * from './templates';
export * from './transactions';
export * from './transfers';
