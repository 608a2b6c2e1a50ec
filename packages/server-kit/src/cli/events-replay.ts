#!/usr/bin/env node
/*
 * `pnpm events:replay`: lists the events that failed on all their attempts, and replays them.
 * Reads REDIS_URL and QUEUE_PREFIX like the services do.
 */
import { parseArgs } from 'node:util';
import { Type } from '@sinclair/typebox';
import type { FailedEvent } from '@swingfit/contracts';
import { ConfigError, parseConfig } from '../config.js';
import { FailedEvents } from '../failed-events.js';
import { createLogger } from '../logger.js';
import { queueConnection, CommonEnv } from '../service-config.js';

const HELP = `Usage: pnpm events:replay [options] [id ...]

Poison events are events whose handler failed on every attempt; they wait in their queue's
failed set with their error.

  (no arguments), --list   list the failed events, newest first
  id ...                   replay these events (ids as listed: {queue}:{eventId})
  --all                    replay every failed event
  --json                   print JSON instead of a table
  -h, --help               show this help

Environment: REDIS_URL (default redis://127.0.0.1:6379), QUEUE_PREFIX (default swingfit).
Exit codes: 0 done, 1 an id was not found among the failed events, 2 bad arguments, 78 bad environment.`;

const Env = Type.Object({ REDIS_URL: CommonEnv.REDIS_URL, QUEUE_PREFIX: CommonEnv.QUEUE_PREFIX });

function table(events: FailedEvent[]): string {
  if (events.length === 0) return 'No failed events.';
  const lines = events.map((e) => [e.failedAt ?? '-', e.id, e.type, e.userId ?? '-', e.attemptsMade, e.failedReason.replace(/\s+/g, ' ').slice(0, 120)].join('  '));
  return [`${events.length} failed event(s): failedAt  id  type  userId  attempts  error`, ...lines].join('\n');
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { list: { type: 'boolean' }, all: { type: 'boolean' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${HELP}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if ((values.all && positionals.length) || (values.list && (values.all || positionals.length))) {
    process.stderr.write(`Choose one of --list, --all or ids.\n\n${HELP}\n`);
    return 2;
  }
  const env = parseConfig(Env, process.env);
  const failed = new FailedEvents({ connection: queueConnection(env.REDIS_URL), prefix: env.QUEUE_PREFIX }, createLogger('events-replay', 'silent'));
  const print = (events: FailedEvent[], heading: string) => process.stdout.write(`${values.json ? JSON.stringify({ events }, null, 2) : `${heading}${table(events)}`}\n`);
  // A replay that found nothing must not read 'Replayed: No failed events.', as if something had been replayed.
  const printReplayed = (events: FailedEvent[]) =>
    events.length === 0 && !values.json ? process.stdout.write('Nothing replayed: no failed event matched.\n') : print(events, 'Replayed: ');
  try {
    if (values.all) {
      printReplayed(await failed.replayAll());
      return 0;
    }
    if (positionals.length > 0) {
      let missing = 0;
      const replayed: FailedEvent[] = [];
      for (const id of positionals) {
        const event = await failed.replay(id);
        if (event) replayed.push(event);
        else {
          missing += 1;
          process.stderr.write(`No failed event ${id}\n`);
        }
      }
      printReplayed(replayed);
      return missing ? 1 : 0;
    }
    print(await failed.list(), '');
    return 0;
  } finally {
    await failed.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof ConfigError ? error.message : `events:replay failed: ${(error as Error).message}`}\n`);
    process.exit(error instanceof ConfigError ? 78 : 1);
  },
);
