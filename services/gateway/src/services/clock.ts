import type { GatewayDeps } from '../deps.js';

/** The instant a request is handled at: deps.now when a test set one, else the real clock. */
export const nowOf = (deps: Pick<GatewayDeps, 'now'>): Date => deps.now?.() ?? new Date();
