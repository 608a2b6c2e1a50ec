import pg from 'pg';
import { UPLOAD_AWARD } from '@swingfit/contracts';
import { withDb } from '../../src/golfers.js';

/*
 * The check every scenario ends with: nothing lost, nothing doubled. It reads the three services'
 * schemas directly (read only) and compares what the golfers were answered with what each service
 * holds: one analysis row per accepted upload and none for a refused one, one start and one end event
 * per analysis, one ledger award per upload and per completion (and one reversal per failed analysis,
 * whose upload is given back), the same total in the ledger, in
 * gamification's totals and in the gateway's copy, one notice per analysis outcome, and every outbox
 * emptied.
 */

/** What the golfers were told: the uploads accepted (201) and the completions that awarded points. */
export interface Told {
  golfers: number[];
  /** analysis id -> golfer id, for every upload answered 201. */
  uploads: Map<number, number>;
  /** golfer id -> the points the completion answers promised (alreadyCompleted ones count 0). */
  promised: Map<number, number>;
}

export const emptyTold = (): Told => ({ golfers: [], uploads: new Map(), promised: new Map() });

export function promise(told: Told, golfer: number, points: number): void {
  told.promised.set(golfer, (told.promised.get(golfer) ?? 0) + points);
}

const TERMINAL = ['complete', 'failed'];
const SCHEMAS = ['core', 'gamification', 'billing'];
const SETTLE_POLL_MS = 500;

const rows = async <T>(db: pg.Client, text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[];

/** Every difference between what was told and what is held, as sentences; empty when the books balance. */
export async function imbalances(databaseUrl: string, told: Told): Promise<string[]> {
  return withDb(databaseUrl, async (db) => {
    const problems: string[] = [];
    const golfers = told.golfers;
    const analyses = await rows<{ id: string; user_id: string; status: string; returned: boolean }>(
      db,
      'select id, user_id, status, upload_returned_at is not null as returned from core.swing_analyses where user_id = any($1) and upload_week is not null and face_on_key is not null',
      [golfers],
    );
    const held = new Map(analyses.map((a) => [Number(a.id), a]));
    for (const [id] of told.uploads) if (!held.has(id)) problems.push(`upload ${id} was accepted but has no analysis row (lost)`);
    for (const a of analyses) if (!told.uploads.has(Number(a.id))) problems.push(`analysis ${a.id} exists but its upload was not accepted (stored anyway)`);
    for (const a of analyses) if (!TERMINAL.includes(a.status)) problems.push(`analysis ${a.id} is still ${a.status}`);
    // A failed analysis gives its upload back (the gateway, from analysis.failed); no other does.
    for (const a of analyses) if (a.returned !== (a.status === 'failed')) problems.push(`analysis ${a.id} is ${a.status} and its upload was ${a.returned ? '' : 'not '}given back`);
    const failed = new Set(analyses.filter((a) => a.status === 'failed').map((a) => Number(a.id)));

    const events = await rows<{ type: string; id: string; n: number }>(
      db,
      `select type, payload->>'analysisId' as id, count(*)::int as n from core.outbox
       where type in ('analysis.uploaded', 'analysis.completed', 'analysis.failed') and user_id = any($1) group by 1, 2`,
      [golfers],
    );
    const count = (id: number, types: string[]) => events.filter((e) => Number(e.id) === id && types.includes(e.type)).reduce((s, e) => s + e.n, 0);
    for (const [id] of told.uploads) {
      if (count(id, ['analysis.uploaded']) !== 1) problems.push(`analysis ${id}: ${count(id, ['analysis.uploaded'])} analysis.uploaded events, expected 1`);
      if (count(id, ['analysis.completed', 'analysis.failed']) !== 1) problems.push(`analysis ${id}: ${count(id, ['analysis.completed', 'analysis.failed'])} outcome events, expected 1`);
    }

    const awards = await rows<{ cause: string; user_id: string; points: number }>(db, 'select cause, user_id, points from gamification.points_ledger where user_id = any($1)', [golfers]);
    const causes = new Map<string, number>();
    for (const a of awards) causes.set(a.cause, (causes.get(a.cause) ?? 0) + 1);
    for (const [id] of told.uploads) if (causes.get(`upload:analysis:${id}`) !== 1) problems.push(`analysis ${id}: ${causes.get(`upload:analysis:${id}`) ?? 0} upload awards, expected 1`);
    for (const [id] of told.uploads) {
      const reversals = causes.get(`upload-reversal:analysis:${id}`) ?? 0;
      if (reversals !== (failed.has(id) ? 1 : 0)) problems.push(`analysis ${id}: ${reversals} upload award reversals, expected ${failed.has(id) ? 1 : 0}`);
    }
    const completions = await rows<{ id: string; user_id: string; points: number }>(db, 'select id, user_id, points from core.exercise_completions where user_id = any($1)', [golfers]);
    for (const c of completions) if (causes.get(`exercise:completion:${c.id}`) !== 1) problems.push(`completion ${c.id}: ${causes.get(`exercise:completion:${c.id}`) ?? 0} awards, expected 1`);

    const totals = await rows<{ id: string; core: number; game: number | null }>(
      db,
      `select u.id, u.total_points as core, g.total_points as game from core.users u left join gamification.golfer_points g on g.user_id = u.id where u.id = any($1)`,
      [golfers],
    );
    const notices = await rows<{ user_id: string; title: string; n: number }>(db, 'select user_id, title, count(*)::int as n from gamification.notifications where user_id = any($1) group by 1, 2', [golfers]);
    for (const t of totals) {
      const user = Number(t.id);
      const ledger = awards.filter((a) => Number(a.user_id) === user).reduce((s, a) => s + a.points, 0);
      const uploads = [...told.uploads.values()].filter((u) => u === user).length;
      const failedUploads = [...told.uploads].filter(([id, u]) => u === user && failed.has(id)).length;
      const completed = completions.filter((c) => Number(c.user_id) === user).reduce((s, c) => s + c.points, 0);
      // A failed analysis' upload award is taken back.
      const expected = (uploads - failedUploads) * UPLOAD_AWARD.points + completed;
      if (completed !== (told.promised.get(user) ?? 0)) problems.push(`golfer ${user}: completions hold ${completed} points, the answers promised ${told.promised.get(user) ?? 0}`);
      if (ledger !== expected) problems.push(`golfer ${user}: ledger holds ${ledger} points, expected ${expected}`);
      if ((t.game ?? 0) !== ledger) problems.push(`golfer ${user}: gamification total ${t.game ?? 0} differs from the ledger's ${ledger}`);
      if (t.core !== ledger) problems.push(`golfer ${user}: the gateway's total ${t.core} differs from the ledger's ${ledger}`);
      const noticed = (title: string) => notices.find((n) => Number(n.user_id) === user && n.title === title)?.n ?? 0;
      const ended = analyses.filter((a) => Number(a.user_id) === user && TERMINAL.includes(a.status)).length;
      if (noticed('Upload Successful!') !== uploads) problems.push(`golfer ${user}: ${noticed('Upload Successful!')} upload notices for ${uploads} uploads`);
      if (noticed('Analysis Ready') + noticed('Analysis Failed') !== ended) problems.push(`golfer ${user}: ${noticed('Analysis Ready') + noticed('Analysis Failed')} outcome notices for ${ended} analyses`);
    }
    for (const schema of SCHEMAS) {
      const [unsent] = await rows<{ n: number }>(db, `select count(*)::int as n from ${schema}.outbox where sent_at is null`);
      if (unsent!.n > 0) problems.push(`${schema}: ${unsent!.n} events still unsent in the outbox`);
    }
    return problems;
  });
}

/**
 * Waits until the books balance (the product catches up by itself: no manual step), then returns the
 * last imbalances found: empty when nothing was lost or doubled.
 */
export async function settledImbalances(databaseUrl: string, told: Told, timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let last: string[] = [];
  while (Date.now() < deadline) {
    last = await imbalances(databaseUrl, told).catch((error: Error) => [`could not read the books: ${error.message}`]);
    if (last.length === 0) return last;
    await new Promise((r) => setTimeout(r, SETTLE_POLL_MS));
  }
  return last;
}
