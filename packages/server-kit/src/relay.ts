import { sql, type Kysely } from 'kysely';
import { DEFAULT_ROUTING, deliveriesOf, type Delivery, type EventEnvelope, type Routing } from '@swingfit/contracts';
import type { Logger } from 'pino';
import { settleWithin } from './deadline.js';
import type { OutboxTable, QueueSettings } from './events.js';
import { JobQueues } from './jobs.js';

/*
 * The outbox relay: moves committed outbox rows to BullMQ (event copies to the subscribers' queues,
 * and the jobs an event starts, per the job table), then marks them sent. A pass is three short
 * steps, and no database connection or lock is held while Redis is awaited:
 *   1. claim  - one statement: a batch of unsent, unleased rows (FOR UPDATE SKIP LOCKED) gets a lease;
 *   2. deliver - addBulk per queue, job id = event id (or the job's own id), so a re-send is a no-op;
 *   3. mark sent - one statement.
 * A relay that dies between 2 and 3 leaves leased rows; once the lease runs out a pass sends them
 * again and the job ids deduplicate. With Redis down the relay releases its claim, backs off, logs
 * once per outage and resumes by itself.
 */

export interface OutboxLag {
  unsent: number;
  /** Age of the oldest event not yet handed to Redis; null when none waits. */
  oldestUnsentAgeMs: number | null;
}

/** Outbox lag of one schema: for /readyz details and metrics. */
export async function outboxLag(db: Kysely<any>, schema: string): Promise<OutboxLag> {
  const { rows } = await sql<{ unsent: number; age: number | null }>`
    select count(*)::int as unsent, (extract(epoch from clock_timestamp() - min(occurred_at)) * 1000)::float8 as age
    from ${sql.table(`${schema}.outbox`)} where sent_at is null`.execute(db);
  const row = rows[0]!;
  return { unsent: row.unsent, oldestUnsentAgeMs: row.age === null ? null : Math.max(0, Math.round(row.age)) };
}

export interface RelayOptions {
  /** Pause between passes when the outbox is empty. */
  intervalMs?: number;
  batchSize?: number;
  /** A claimed row not marked sent within this is claimed again by any relay. */
  leaseMs?: number;
  /** Longest wait for Redis in one pass (connecting, adding). */
  redisTimeoutMs?: number;
  /** Longest pause between passes during an outage. */
  maxBackoffMs?: number;
  /** Where events go; defaults to the job table (tests and benches route to their own queues). */
  routing?: Routing;
  /** Sent events are kept this long (for an operator reading back what left), then deleted. */
  keepSentMs?: number;
  /** How often a relay prunes sent events, at most. */
  pruneEveryMs?: number;
  /** Most sent events one prune deletes (a short statement, however large the backlog). */
  pruneBatch?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULTS = {
  intervalMs: 500, batchSize: 200, leaseMs: 30_000, redisTimeoutMs: 5_000, maxBackoffMs: 30_000,
  keepSentMs: 7 * DAY_MS, pruneEveryMs: 10 * 60 * 1000, pruneBatch: 5_000,
};

/** Redis (not the database) failed during delivery: the pass is retried with backoff. */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
}

export type ClaimedEvent = OutboxTable;

export class OutboxRelay {
  private readonly options: Required<Omit<RelayOptions, 'routing'>> & { routing: Routing };
  private readonly queues: JobQueues;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private started = false;
  private stopped = false;
  private backoffMs = 0;
  private outage: { kind: 'redis' | 'database'; since: number } | undefined;
  private prunedAt = 0;

  constructor(
    private readonly db: Kysely<any>,
    private readonly schema: string,
    settings: QueueSettings,
    private readonly logger: Logger,
    options: number | RelayOptions = {},
  ) {
    const given = typeof options === 'number' ? { intervalMs: options } : options;
    this.options = { ...DEFAULTS, routing: DEFAULT_ROUTING, ...given };
    this.queues = new JobQueues(settings, logger);
  }

  start(): void {
    this.started = true;
    this.schedule(0);
  }

  /** Asks for a pass now (after a commit whose job should leave at once); never throws, no-op during an outage. */
  nudge(): void {
    if (!this.started || this.stopped || this.outage || this.running) return;
    this.schedule(0);
  }

  /** One pass; returns how many events were sent. Passes never overlap (a second caller joins the first). */
  flush(): Promise<number> {
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  lag(): Promise<OutboxLag> {
    return outboxLag(this.db, this.schema);
  }

  /** Step 1: leases a batch of unsent rows, oldest first, skipping rows another relay holds. */
  async claim(): Promise<ClaimedEvent[]> {
    const outbox = sql.table(`${this.schema}.outbox`);
    const { rows } = await sql<ClaimedEvent>`
      update ${outbox} set claimed_until = clock_timestamp() + ${`${this.options.leaseMs} milliseconds`}::interval
      where id in (
        select id from ${outbox}
        where sent_at is null and (claimed_until is null or claimed_until < clock_timestamp())
        order by occurred_at
        limit ${this.options.batchSize}
        for update skip locked
      )
      returning *`.execute(this.db);
    return rows.sort((a, b) => new Date(a.occurred_at).getTime() - new Date(b.occurred_at).getTime());
  }

  /**
   * Step 2: adds every job the rows stand for, one addBulk per queue. Throws DeliveryError when Redis
   * fails. Returns the rows it could not route (kept unsent and logged, so one bad row never holds up the rest).
   */
  async deliver(rows: ClaimedEvent[]): Promise<ClaimedEvent[]> {
    const byQueue = new Map<string, Delivery[]>();
    const unroutable: ClaimedEvent[] = [];
    for (const row of rows) {
      let deliveries: Delivery[];
      try {
        deliveries = deliveriesOf(envelopeOf(row), this.options.routing);
      } catch (err) {
        this.logger.error({ err, eventId: row.id, type: row.type, schema: this.schema }, 'outbox relay: event cannot be routed; it stays unsent');
        unroutable.push(row);
        continue;
      }
      for (const delivery of deliveries) {
        const list = byQueue.get(delivery.queue) ?? [];
        list.push(delivery);
        byQueue.set(delivery.queue, list);
      }
    }
    const adds = [...byQueue].map(async ([name, list]) => {
      const queue = this.queues.queue(name);
      await queue.waitUntilReady();
      await queue.addBulk(list.map((d) => ({ name: d.name, data: d.data, opts: d.opts })));
    });
    try {
      await settleWithin(this.options.redisTimeoutMs, 'adding the outbox jobs', Promise.all(adds));
    } catch (error) {
      throw new DeliveryError(`redis: ${(error as Error).message}`, { cause: error });
    }
    return unroutable;
  }

  /** Step 3. */
  async markSent(rows: ClaimedEvent[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .withSchema(this.schema)
      .updateTable('outbox')
      .set({ sent_at: sql`clock_timestamp()`, claimed_until: null })
      .where('id', 'in', rows.map((r) => r.id))
      .execute();
  }

  /**
   * Deletes sent events older than keepSentMs, at most pruneBatch of them; returns how many. Sent rows
   * are never read again by the relay (consumers deduplicate by event id in their own inbox), so without
   * this the outbox only grows. Unsent rows are never touched, however old.
   */
  async prune(): Promise<number> {
    const outbox = sql.table(`${this.schema}.outbox`);
    const result = await sql`
      delete from ${outbox} where id in (
        select id from ${outbox}
        where sent_at is not null and sent_at < clock_timestamp() - ${`${this.options.keepSentMs} milliseconds`}::interval
        limit ${this.options.pruneBatch}
      )`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** A prune when one is due; a failure is logged and tried again next time, never stopping the relay. */
  private async pruneWhenDue(): Promise<void> {
    if (Date.now() - this.prunedAt < this.options.pruneEveryMs) return;
    this.prunedAt = Date.now();
    try {
      const deleted = await this.prune();
      if (deleted > 0) this.logger.info({ schema: this.schema, deleted }, 'outbox relay: pruned sent events');
    } catch (err) {
      this.logger.warn({ err, schema: this.schema }, 'outbox relay: pruning sent events failed; trying again later');
    }
  }

  /** Gives up a claim at once (Redis failed), so no relay waits for the lease to run out. */
  async release(rows: ClaimedEvent[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .withSchema(this.schema)
      .updateTable('outbox')
      .set({ claimed_until: null })
      .where('id', 'in', rows.map((r) => r.id))
      .where('sent_at', 'is', null)
      .execute();
  }

  private async pass(): Promise<number> {
    const rows = await this.claim();
    if (rows.length === 0) return 0;
    let unroutable: ClaimedEvent[];
    try {
      unroutable = await this.deliver(rows);
    } catch (error) {
      await this.release(rows).catch(() => undefined);
      throw error;
    }
    const sent = rows.filter((row) => !unroutable.includes(row));
    await this.markSent(sent);
    return sent.length;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    if (this.stopped) return;
    let next = this.options.intervalMs;
    try {
      const sent = await this.flush();
      this.recovered(sent);
      if (sent >= this.options.batchSize) next = 0; // more are waiting
      else await this.pruneWhenDue();
    } catch (error) {
      next = await this.failed(error);
    }
    if (!this.stopped && !this.timer) this.schedule(next);
  }

  /** Logs the first failure of an outage only; returns the pause before the next pass. */
  private async failed(error: unknown): Promise<number> {
    const kind = error instanceof DeliveryError ? 'redis' : 'database';
    this.backoffMs = Math.min(this.options.maxBackoffMs, this.backoffMs ? this.backoffMs * 2 : this.options.intervalMs);
    if (this.outage?.kind !== kind) {
      this.outage = { kind, since: Date.now() };
      const waiting = await this.lag().catch(() => undefined);
      this.logger.warn(
        { err: error, schema: this.schema, waiting: waiting?.unsent },
        kind === 'redis'
          ? 'outbox relay: Redis unavailable; events wait in the outbox and leave by themselves once it is back'
          : 'outbox relay: database unavailable; retrying',
      );
    }
    return this.backoffMs;
  }

  private recovered(sent: number): void {
    this.backoffMs = 0;
    if (!this.outage) return;
    this.logger.info({ schema: this.schema, outageMs: Date.now() - this.outage.since, sent }, `outbox relay: ${this.outage.kind === 'redis' ? 'Redis' : 'database'} back; relaying again`);
    this.outage = undefined;
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
    await this.queues.close();
  }
}

export function envelopeOf(row: OutboxTable): EventEnvelope {
  return {
    id: row.id,
    type: row.type as EventEnvelope['type'],
    version: row.version,
    occurredAt: new Date(row.occurred_at).toISOString(),
    ...(row.user_id != null ? { userId: Number(row.user_id) } : {}),
    ...(row.request_id ? { requestId: row.request_id } : {}),
    payload: row.payload as EventEnvelope['payload'],
  };
}
