import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { eventQueueName, type EventPayload, type EventType } from '@swingfit/contracts';
import { eventually } from '@swingfit/server-kit/testing';
import { startEventConsumers } from '../src/jobs/events.js';
import type { Harness } from './harness.js';

export interface EventInbox {
  inbox: Queue;
  /** Puts an envelope on the gateway's queue as the outbox relay would, and waits for its job to finish. */
  deliver<T extends EventType>(type: T, userId: number, payload: EventPayload<T>, id?: string, jobId?: string): Promise<{ state: string; result: unknown }>;
  close(): Promise<void>;
}

/** The gateway's event consumers running on a harness, and its event queue to put envelopes on. */
export function startEventInbox(h: Harness): EventInbox {
  const consumer = startEventConsumers(h.deps);
  const inbox = new Queue(eventQueueName('gateway'), { connection: h.deps.queues.connection, prefix: h.deps.queues.prefix });
  return {
    inbox,
    async deliver(type, userId, payload, id = randomUUID(), jobId = id) {
      await inbox.add(type, { id, type, version: 1, occurredAt: new Date().toISOString(), userId, payload }, { jobId, attempts: 1 });
      return eventually(async () => {
        const job = await inbox.getJob(jobId);
        const state = job ? await job.getState() : 'missing';
        if (state !== 'completed' && state !== 'failed') return undefined;
        // Read again: the job may have finished between the first read and the state check.
        return { state, result: (await inbox.getJob(jobId))?.returnvalue };
      });
    },
    async close() {
      await consumer.close();
      await inbox.close();
    },
  };
}
