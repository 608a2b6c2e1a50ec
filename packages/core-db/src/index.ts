/* The `core` schema, shared by the gateway and the analysis-worker: its table types and migrations. */
export * from './schema.js';
export * from './migrations.js';
