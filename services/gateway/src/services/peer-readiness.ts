import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/*
 * What the other services say about themselves on GET /readyz. Services with an outbox report
 * `outbox: { unsent, oldestUnsentAgeMs }` there (issue 11), billing its Stripe mode (issue 14); a
 * service that does not (yet) is shown as "unknown", never as zero.
 */

const PEER_TIMEOUT_MS = 1_500;

export const ReportedOutbox = Type.Object({
  unsent: Type.Integer({ minimum: 0 }),
  oldestUnsentAgeMs: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
});
export type ReportedOutbox = Static<typeof ReportedOutbox>;

export type StripeMode = 'test' | 'live';

export interface PeerReport {
  outbox: ReportedOutbox | null;
  stripeMode: StripeMode | null;
  /** Why the figures are unknown: unreachable, or the service does not report them. */
  error: string | null;
}

const asRecord = (v: unknown): Record<string, unknown> | undefined => (v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined);

/** A reported field at the top level of the readiness body or inside its `details` or `checks`. */
function reported(body: unknown, key: string): unknown {
  const b = asRecord(body);
  return b?.[key] ?? asRecord(b?.details)?.[key] ?? asRecord(b?.checks)?.[key];
}

export function parsePeerReport(body: unknown): PeerReport {
  const outbox = reported(body, 'outbox');
  const mode = reported(body, 'stripeMode');
  const known = Value.Check(ReportedOutbox, outbox);
  return {
    outbox: known ? outbox : null,
    stripeMode: mode === 'test' || mode === 'live' ? mode : null,
    error: known ? null : 'Not reported by this service yet',
  };
}

/** Reads a peer's /readyz (a 503 body still says what it knows); never throws. */
export async function readPeer(baseUrl: string, timeoutMs = PEER_TIMEOUT_MS): Promise<PeerReport> {
  try {
    const res = await fetch(new URL('/readyz', baseUrl), { signal: AbortSignal.timeout(timeoutMs) });
    return parsePeerReport(await res.json().catch(() => undefined));
  } catch {
    return { outbox: null, stripeMode: null, error: 'Service did not answer' };
  }
}
