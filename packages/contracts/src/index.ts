export * from './schema.js';
export * from './constants.js';
export * from './events.js';
export * from './http/errors.js';
export * from './http/users.js';
export * from './http/auth.js';
export * from './http/analyses.js';
