import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { callPath, type Call } from './mix.js';

/*
 * One autocannon phase, in its own process (never the server's): `tsx cannon.ts spec.json` prints the
 * result as one JSON line. Each connection walks the call list as one golfer; every new walk takes the
 * next golfer, so the sessions spread over all of them. Per-call latency comes from the order of each
 * connection's responses (one request in flight per connection, so answers arrive in call order).
 */

export interface PhaseSpec {
  url: string;
  connections: number;
  durationSeconds: number;
  /** Fixed rate for all connections together (autocannon overallRate); absent: as fast as it goes. */
  overallRate?: number;
  calls: Call[];
  sessions: { id: number; cookie: string }[];
}

export interface PhaseResult {
  requestsPerSecond: number;
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  perCall: { name: string; count: number; p50: number; p99: number; non2xx: number }[];
}

const nearestRank = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1]! : Number.NaN);

export function runPhase(spec: PhaseSpec): Promise<PhaseResult> {
  let nextSession = 0;
  const requests = spec.calls.map((call, i) => ({
    method: 'GET' as const,
    setupRequest: (req: any, context: any) => {
      if (i === 0 || !context.session) context.session = spec.sessions[nextSession++ % spec.sessions.length];
      const session = context.session as PhaseSpec['sessions'][number];
      return { ...req, path: callPath(call, session.id), headers: { ...req.headers, cookie: session.cookie } };
    },
  }));
  const latencies = spec.calls.map(() => [] as number[]);
  const bad = spec.calls.map(() => 0);
  const seen = new Map<unknown, number>();
  const instance: any = autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.durationSeconds,
    ...(spec.overallRate ? { overallRate: spec.overallRate } : {}),
    requests,
  } as any);
  instance.on('response', (client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    const n = seen.get(client) ?? 0;
    seen.set(client, n + 1);
    const at = n % spec.calls.length;
    latencies[at]!.push(responseTime);
    if (statusCode < 200 || statusCode > 299) bad[at]!++;
  });
  return new Promise((resolve, reject) => {
    instance.on('done', (r: any) => {
      const perCall = spec.calls.map((call, i) => {
        const sorted = latencies[i]!.sort((a, b) => a - b);
        return { name: call.name, count: sorted.length, p50: nearestRank(sorted, 50), p99: nearestRank(sorted, 99), non2xx: bad[i]! };
      });
      resolve({ requestsPerSecond: r.requests.average, requests: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx, perCall });
    });
    instance.on('error', reject);
  });
}

if (process.argv[2]) {
  const spec = JSON.parse(readFileSync(process.argv[2], 'utf8')) as PhaseSpec;
  const result = await runPhase(spec);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
