import { readFile } from 'node:fs/promises';
import { Queue } from 'bullmq';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import { createDb, migrateSchema, queueConnection } from '@swingfit/server-kit';
import { createTestDatabase, startTestObjectStore, testQueuePrefix, testRedisUrl, type TestDatabase, type TestObjectStore } from '@swingfit/server-kit/testing';
import { ANALYSIS_QUEUE, type AnalysisJobData } from '@swingfit/contracts';
import { CORE_SCHEMA, coreMigrations, type CoreDatabase } from '@swingfit/core-db';
import type { AnalysisDeps } from '../../src/jobs/analysis-job.js';
import { DEFAULT_TOOLS } from '../../src/media/ffmpeg.js';
import type { PipelineStages } from '../../src/pipeline/stages.js';

/* Real PostgreSQL (own database), Redis (own key prefix) and S3 (s3rver) for one test file. */

export interface Harness {
  db: Kysely<CoreDatabase>;
  testDb: TestDatabase;
  s3: TestObjectStore;
  prefix: string;
  connection: ReturnType<typeof queueConnection>;
  queue: Queue<AnalysisJobData>;
  deps(stages: PipelineStages): AnalysisDeps;
  createAnalysis(options: { video: string | Buffer; downTheLine?: string | Buffer; club?: string; launchMonitor?: Partial<Record<'club_speed' | 'ball_speed' | 'carry' | 'total' | 'spin_rate' | 'club_path' | 'face_angle', number>> }): Promise<{ id: number; userId: number }>;
  events(analysisId: number): Promise<{ type: string; payload: unknown }[]>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const testDb = await createTestDatabase();
  const db = createDb<CoreDatabase>(testDb.url, { schema: CORE_SCHEMA, max: 4 });
  await migrateSchema(db, CORE_SCHEMA, coreMigrations);
  const s3 = await startTestObjectStore();
  const prefix = testQueuePrefix();
  const connection = queueConnection(testRedisUrl());
  const queue = new Queue<AnalysisJobData>(ANALYSIS_QUEUE, { connection, prefix });
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  let users = 0;

  return {
    db,
    testDb,
    s3,
    prefix,
    connection,
    queue,
    deps: (stages) => ({ db, store: s3.store, logger, tools: DEFAULT_TOOLS, stages, maxVideoSeconds: 120 }),
    async createAnalysis({ video, downTheLine, club = 'driver', launchMonitor = {} }) {
      users += 1;
      const user = await db
        .insertInto('users')
        .values({ email: `golfer${users}-${prefix}@example.com`, password_hash: null, auth_provider: 'local', oidc_subject: null, first_name: 'Test', last_name: 'Golfer', handicap: null, city: null, state: null, stripe_customer_id: null, stripe_subscription_id: null, subscription_end_date: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = await db
        .insertInto('swing_analyses')
        .values({
          user_id: user.id,
          status: 'pending',
          club_selection: club,
          tour_comparison: 'pga',
          gender: 'male',
          age: 40,
          club_speed: null,
          ball_speed: null,
          carry: null,
          total: null,
          spin_rate: null,
          club_path: null,
          face_angle: null,
          ...launchMonitor,
          face_on_key: null,
          down_the_line_key: null,
          upload_week: '2026-11-15',
          completed_at: null,
          performance_assessment: null,
          launch_monitor_assessment: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const put = async (view: string, body: string | Buffer) => {
        const key = `users/${user.id}/analyses/${row.id}/${view}/original`;
        await s3.store.put(key, typeof body === 'string' ? await readFile(body) : body, 'video/mp4');
        return key;
      };
      await db
        .updateTable('swing_analyses')
        .set({ face_on_key: await put('face-on', video), down_the_line_key: downTheLine ? await put('down-the-line', downTheLine) : null })
        .where('id', '=', row.id)
        .execute();
      return { id: row.id, userId: user.id };
    },
    async events(analysisId) {
      const rows = await db.selectFrom('outbox').select(['type', 'payload']).orderBy('occurred_at').execute();
      return rows.filter((r) => (r.payload as { analysisId?: number }).analysisId === analysisId);
    },
    async close() {
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      await db.destroy();
      await s3.close();
      await testDb.drop();
    },
  };
}
