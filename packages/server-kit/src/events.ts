import { randomUUID } from 'node:crypto';
import { Kysely, sql, type Migration, type Transaction } from 'kysely';
import { UnrecoverableError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import { Value } from '@sinclair/typebox/value';
import { EVENT_DELIVERY, EVENT_SUBSCRIPTIONS, EventEnvelope, EventPayloads, eventQueueName, type EventPayload, type EventType } from '@swingfit/contracts';
import type { Logger } from 'pino';
import { assertHandlers } from './startup-check.js';
import { withDeadline } from './deadline.js';

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
  /** A relay's lease on the row while it adds the jobs (outboxLeaseMigration); null when unclaimed. */
  claimed_until?: Date | null;
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

/**
 * The relay claims rows with a short lease instead of holding row locks while it talks to Redis:
 * a relay that dies between adding the jobs and marking the rows sent leaves rows whose lease runs
 * out, and the next pass sends them again (the job ids deduplicate).
 */
export function outboxLeaseMigration(): Migration {
  return {
    async up(db) {
      await db.schema.alterTable('outbox').addColumn('claimed_until', 'timestamptz').execute();
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

export type EventHandlers = {
  [T in EventType]?: (trx: Transaction<any>, event: EventEnvelope<T>, job: Job) => Promise<void>;
};

export interface ConsumeOptions {
  service: string;
  db: Kysely<any>;
  schema: string;
  settings: QueueSettings;
  logger: Logger;
  handlers: EventHandlers;
  concurrency?: number;
  /** The types this consumer receives; defaults to EVENT_SUBSCRIPTIONS[service] (tests and benches name their own). */
  subscriptions?: readonly EventType[];
  /** Longest one handler's transaction may take; defaults to the job table's EVENT_DELIVERY.timeoutMs. */
  timeoutMs?: number;
}

type AnyHandler = (trx: Transaction<any>, e: EventEnvelope, j: Job) => Promise<void>;

/**
 * Consumes this service's event queue. The event id goes into processed_events in the same
 * transaction as the handler's effect: a redelivered event finds its id and does nothing.
 * Refuses (throws, naming it) a subscription without a handler or a handler without a subscription.
 */
export function consumeEvents(options: ConsumeOptions): Worker {
  const { db, schema, handlers, logger, service } = options;
  const subscriptions = options.subscriptions ?? EVENT_SUBSCRIPTIONS[service] ?? [];
  assertHandlers(service, { events: handlers }, { subscriptions });
  const timeoutMs = options.timeoutMs ?? EVENT_DELIVERY.timeoutMs;

  const handle = async (job: Job) => {
    const envelope = job.data as unknown;
    // A malformed event fails the same way every time: straight to the failed set, no retries.
    if (!Value.Check(EventEnvelope, envelope)) throw new UnrecoverableError('malformed event envelope');
    const type = envelope.type as EventType;
    // An event of a subscription since removed (still queued from before): nothing here acts on it.
    if (!subscriptions.includes(type)) return 'ignored';
    const handler = handlers[type] as AnyHandler;
    const payloadSchema = EventPayloads[type];
    if (!payloadSchema || !Value.Check(payloadSchema, envelope.payload)) {
      const first = payloadSchema ? Value.Errors(payloadSchema, envelope.payload).First() : undefined;
      throw new UnrecoverableError(`event ${type} payload does not match its schema${first ? ` at ${first.path}: ${first.message}` : ''}`);
    }
    const started = Date.now();
    const result = await withDeadline(timeoutMs, `event ${type} handler`, () =>
      db.transaction().execute(async (trx) => {
        // The database ends a stuck handler's statements too, so the connection comes back.
        await sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`.execute(trx);
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
      }),
    );
    // reqId: the id of the request that caused the event (the envelope's requestId), so one grep
    // follows a golfer's request from the gateway's log into every consumer's.
    logger.info({ ...traceOf(envelope), consumer: service, eventId: envelope.id, type, result, ms: Date.now() - started }, 'event handled');
    return result;
  };

  const worker = new Worker(eventQueueName(service), handle, {
    connection: options.settings.connection,
    prefix: options.settings.prefix,
    concurrency: options.concurrency ?? 4,
    lockDuration: EVENT_DELIVERY.lockMs,
    stalledInterval: EVENT_DELIVERY.stalledCheckMs,
  });
  worker.on('failed', (job, err) => {
    const final = !job || err instanceof UnrecoverableError || err.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
    const details = { err, ...traceOf(job?.data), consumer: service, eventId: job?.id, type: job?.name, attempts: job?.attemptsMade };
    if (final) logger.error(details, 'event moved to the failed set after its attempts; list and replay with `pnpm events:replay`');
    else logger.warn(details, 'event handling failed; it will be retried');
  });
  worker.on('error', (err) => logger.warn({ err }, 'event worker error'));
  return worker;
}

/** The log fields that tie a job or event to the request behind it: { reqId } when it carries one. */
export function traceOf(data: unknown): { reqId?: string } {
  const requestId = (data as { requestId?: unknown } | null | undefined)?.requestId;
  return typeof requestId === 'string' && requestId ? { reqId: requestId } : {};
}
