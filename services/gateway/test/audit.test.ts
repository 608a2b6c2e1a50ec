import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { recordAdminAction } from '../src/db/audit-repository.js';
import { startGateway, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startGateway();
});
afterAll(async () => {
  await h?.close();
});

describe('admin audit log', () => {
  it('records who did what, to whom and from where', async () => {
    await recordAdminAction(h.deps.db, { sessionId: 7, ip: '198.18.0.9', userAgent: 'x'.repeat(500) }, { action: 'reset-usage', targetUserId: 42, detail: { field: 'videoUploadsUsed' } });
    const row = await h.deps.db.selectFrom('admin_audit').selectAll().where('action', '=', 'reset-usage').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ admin_session_id: 7, target_user_id: 42, ip: '198.18.0.9', detail: { field: 'videoUploadsUsed' } });
    expect(row.user_agent).toHaveLength(300);
  });

  it('leaves no line for an action whose transaction rolled back', async () => {
    await expect(
      h.deps.db.transaction().execute(async (trx) => {
        await recordAdminAction(trx, { sessionId: 1 }, { action: 'import-videos' });
        throw new Error('the import failed');
      }),
    ).rejects.toThrow('the import failed');
    const rows = await h.deps.db.selectFrom('admin_audit').select('id').where('action', '=', 'import-videos').execute();
    expect(rows).toEqual([]);
  });

  it('is append-only: lines cannot be changed or deleted', async () => {
    await recordAdminAction(h.deps.db, { sessionId: 2 }, { action: 'sign-in' });
    await expect(sql`update admin_audit set action = 'nothing'`.execute(h.deps.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from admin_audit`.execute(h.deps.db)).rejects.toThrow(/append-only/);
  });
});
