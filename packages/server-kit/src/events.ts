import { randomUUID } from 'node:crypto';
import { Kysely, sql, type Migration, type Transaction } from 'kysely';
import { Queue, Worker, type ConnectionOptions, type Job } from 'bullmq';
import { Value } from '@sinclair/typebox/value';
import {
  EVENT_SUBSCRIPTIONS,
  EventEnvelope,
  EventPayloads,
  eventQueueName,
  type EventPayload,
  type EventType,
} from '@swingfit/contracts';
import type { Logger } from 'pino';

/* Transactional outbox (producer side) and idempotent inbox (consumer side), ARCHITECTURE section 3. */

export interface OutboxTable {
  id: string;
  type: string;
  version: number;
  occurred_at: Date;
  user_id: number | null;
  request_id: string | null;
  payload: unknown;
  sent_at: Date | null;
}

export function outboxMigration(): Migration {
  return {
    async up(db) {
      await db.schema
        .createTable('outbox')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('occurred_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('user_id', 'bigint')
        .addColumn('request_id', 'text')
        .addColumn('payload', 'jsonb', (c) => c.notNull())
        .addColumn('sent_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('outbox_unsent').on('outbox').column('occurred_at').where(sql.ref('sent_at'), 'is', null).execute();
    },
  };
}

export function inboxMigration(): Migration {
  return {
    async up(db) {
      await db.schema
        .createTable('processed_events')
        .addColumn('event_id', 'uuid', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  };
}

export interface NewEvent<T extends EventType> {
  type: T;
  payload: EventPayload<T>;
  userId?: number;
  requestId?: string;
}

/** Writes an event in the caller's transaction, so it exists exactly when the change it describes does. */
export async function publishInTransaction<T extends EventType>(trx: Transaction<any> | Kysely<any>, schema: string, event: NewEvent<T>): Promise<string> {
  const payloadSchema = EventPayloads[event.type];
  if (!Value.Check(payloadSchema, event.payload)) {
    const first = Value.Errors(payloadSchema, event.payload).First();
    throw new Error(`event ${event.type} payload invalid at ${first?.path}: ${first?.message}`);
  }
  const id = randomUUID();
  await trx
    .withSchema(schema)
    .insertInto('outbox')
    .values({ id, type: event.type, version: 1, user_id: event.userId ?? null, request_id: event.requestId ?? null, payload: JSON.stringify(event.payload) })
    .execute();
  return id;
}

export interface QueueSettings {
  connection: ConnectionOptions;
  /** BullMQ key prefix; tests use their own so runs never collide. */
  prefix: string;
}

/**
 * Moves committed outbox rows to the subscribers' queues. Rows are claimed with SKIP LOCKED, so
 * several relays can run; the job id is the event id, so a row re-sent after a crash is deduplicated.
 */
export class OutboxRelay {
  private readonly queues = new Map<string, Queue>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Kysely<any>,
    private readonly schema: string,
    private readonly settings: QueueSettings,
    private readonly logger: Logger,
    private readonly intervalMs = 500,
  ) {}

  private queue(service: string): Queue {
    let q = this.queues.get(service);
    if (!q) {
      q = new Queue(eventQueueName(service), { connection: this.settings.connection, prefix: this.settings.prefix });
      q.on('error', (err) => this.logger.warn({ err }, 'event queue error'));
      this.queues.set(service, q);
    }
    return q;
  }

  start(): void {
    const tick = async () => {
      if (this.stopped) return;
      try {
        await this.flush();
      } catch (err) {
        this.logger.warn({ err }, 'outbox relay pass failed; will retry');
      }
      if (!this.stopped) this.timer = setTimeout(tick, this.intervalMs);
    };
    this.timer = setTimeout(tick, 0);
  }

  /** One pass; returns how many events were sent. Safe to call at any time (passes never overlap). */
  flush(): Promise<number> {
    this.running ??= this.sendBatch().finally(() => (this.running = undefined));
    return this.running;
  }

  private async sendBatch(): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const rows = (await trx
        .withSchema(this.schema)
        .selectFrom('outbox')
        .selectAll()
        .where('sent_at', 'is', null)
        .orderBy('occurred_at')
        .limit(100)
        .forUpdate()
        .skipLocked()
        .execute()) as OutboxTable[];
      for (const row of rows) {
        const envelope = {
          id: row.id,
          type: row.type,
          version: row.version,
          occurredAt: new Date(row.occurred_at).toISOString(),
          ...(row.user_id != null ? { userId: Number(row.user_id) } : {}),
          ...(row.request_id ? { requestId: row.request_id } : {}),
          payload: row.payload,
        };
        for (const [service, types] of Object.entries(EVENT_SUBSCRIPTIONS)) {
          if (!types.includes(row.type as EventType)) continue;
          await this.queue(service).add(row.type, envelope, {
            jobId: row.id,
            attempts: 12,
            backoff: { type: 'exponential', delay: 1_000 },
            removeOnComplete: { age: 7 * 24 * 3600 },
            removeOnFail: false,
          });
        }
      }
      if (rows.length > 0) {
        await trx.withSchema(this.schema).updateTable('outbox').set({ sent_at: new Date() }).where('id', 'in', rows.map((r) => r.id)).execute();
      }
      return rows.length;
    });
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}

export type EventHandlers = {
  [T in EventType]?: (trx: Transaction<any>, event: EventEnvelope<T>, job: Job) => Promise<void>;
};

/**
 * Consumes this service's event queue. The event id goes into processed_events in the same
 * transaction as the handler's effect: a redelivered event finds its id and does nothing.
 */
export function consumeEvents(options: {
  service: string;
  db: Kysely<any>;
  schema: string;
  settings: QueueSettings;
  logger: Logger;
  handlers: EventHandlers;
  concurrency?: number;
}): Worker {
  const { db, schema, handlers, logger } = options;
  const worker = new Worker(
    eventQueueName(options.service),
    async (job: Job) => {
      const envelope = job.data as unknown;
      if (!Value.Check(EventEnvelope, envelope)) throw new Error('malformed event envelope');
      const type = envelope.type as EventType;
      const handler = handlers[type] as ((trx: Transaction<any>, e: EventEnvelope, j: Job) => Promise<void>) | undefined;
      if (!handler) return 'ignored';
      const payloadSchema = EventPayloads[type];
      if (!payloadSchema || !Value.Check(payloadSchema, envelope.payload)) throw new Error(`event ${type} payload does not match its schema`);
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .withSchema(schema)
          .insertInto('processed_events')
          .values({ event_id: envelope.id, type })
          .onConflict((oc) => oc.column('event_id').doNothing())
          .returning('event_id')
          .executeTakeFirst();
        if (!inserted) return 'duplicate';
        await handler(trx, envelope as EventEnvelope, job);
        return 'processed';
      });
    },
    { connection: options.settings.connection, prefix: options.settings.prefix, concurrency: options.concurrency ?? 4 },
  );
  worker.on('failed', (job, err) => logger.warn({ err, eventId: job?.id, type: job?.name, attempts: job?.attemptsMade }, 'event handling failed'));
  worker.on('error', (err) => logger.warn({ err }, 'event worker error'));
  return worker;
}
