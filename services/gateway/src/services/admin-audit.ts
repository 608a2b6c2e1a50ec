import type { Kysely } from 'kysely';
import { ADMIN_PAGE_SIZE, type AuditPage, type AuditQuery } from '@swingfit/contracts';
import type { CoreDatabase } from '@swingfit/core-db';
import { listAdminActions } from '../db/audit-repository.js';
import { cursorId, keysetPage } from '../domain/keyset-page.js';

const optionalNumber = (v: unknown) => (v == null ? null : Number(v));

export async function listAudit(db: Kysely<CoreDatabase>, query: AuditQuery): Promise<AuditPage> {
  const limit = query.limit ?? ADMIN_PAGE_SIZE;
  const rows = await listAdminActions(db, { beforeId: cursorId(query.cursor), limit });
  const { items, nextCursor } = keysetPage(rows, limit);
  return {
    entries: items.map((r) => ({
      id: Number(r.id),
      occurredAt: new Date(r.occurred_at).toISOString(),
      action: r.action,
      adminSessionId: optionalNumber(r.admin_session_id),
      targetUserId: optionalNumber(r.target_user_id),
      targetEmail: r.target_email ?? null,
      detail: r.detail ?? {},
      ip: r.ip,
      userAgent: r.user_agent,
    })),
    nextCursor,
  };
}
