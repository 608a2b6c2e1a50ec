import { HttpError } from '@swingfit/server-kit';

// An HttpError's extra fields ({ requiresUpgrade }, a form's errors) and headers reach the client through
// server-kit's error handler (createHttpServer), the one every route shares.

/** 403 that the client turns into an upgrade prompt. */
export const upgradeRequired = (message: string) => new HttpError(403, message, { requiresUpgrade: true });
