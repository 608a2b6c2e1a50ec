import { HttpError } from '@swingfit/server-kit';
import type { GatewayConfig } from '../config.js';
import { INTERNAL_TOKEN_HEADER, INTERNAL_USER_HEADER } from '../http/proxy.js';

/** Long enough for billing's own Stripe call (and its retries) behind it. */
const BILLING_TIMEOUT_MS = 30_000;
export const BILLING_UNAVAILABLE = 'Billing is unavailable right now. Please try again shortly.';

/** A billing answer the gateway could not get: sent as is (a 5xx here is meant for the golfer). */
export class BillingUnavailableError extends Error {}

/**
 * Calls billing's internal API as the gateway (internal token; the golfer when given). Billing's 4xx
 * answers come back as HttpErrors with billing's message; an unreachable or failing billing as
 * BillingUnavailableError.
 */
export async function callBilling<T>(config: Pick<GatewayConfig, 'BILLING_URL' | 'INTERNAL_TOKEN'>, path: string, options: { method?: 'GET' | 'POST'; userId?: number; body?: unknown; requestId: string }): Promise<T> {
  let res: Response;
  try {
    res = await fetch(new URL(path, config.BILLING_URL), {
      method: options.method ?? 'GET',
      headers: {
        [INTERNAL_TOKEN_HEADER]: config.INTERNAL_TOKEN,
        'x-request-id': options.requestId,
        ...(options.userId !== undefined ? { [INTERNAL_USER_HEADER]: String(options.userId) } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: AbortSignal.timeout(BILLING_TIMEOUT_MS),
    });
  } catch (error) {
    throw new BillingUnavailableError((error as Error).message);
  }
  const body = (await res.json().catch(() => undefined)) as (T & { message?: string }) | undefined;
  if (res.status >= 500) throw new BillingUnavailableError(body?.message ?? `billing answered ${res.status}`);
  if (!res.ok) throw new HttpError(res.status, body?.message ?? res.statusText);
  return body as T;
}
