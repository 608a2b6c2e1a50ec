import type { Insertable } from 'kysely';
import type { SwingAnalysesTable } from '@swingfit/core-db';
import { expect } from 'vitest';
import type { Harness } from './harness.js';
import { cookieFrom } from './harness.js';

export const ADMIN_PASSWORD = 'test-admin-password'; // what startGateway() configures

let ipCounter = 0;
/** A fresh client address per call unless given: the sign-in limit counts per IP. */
export const nextIp = () => `198.18.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

export const adminLogin = (h: Harness, password: string, ip = nextIp()) =>
  h.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password }, headers: { 'x-forwarded-for': ip, 'user-agent': 'admin-test' } });

/** Signs in as admin; returns the Cookie header value for the next requests. */
export async function signInAdmin(h: Harness, ip?: string): Promise<string> {
  const res = await adminLogin(h, ADMIN_PASSWORD, ip);
  expect(res.statusCode, res.body).toBe(200);
  return cookieFrom(res);
}

/** The audit log's lines of one action, oldest first, straight from the table. */
export function auditLines(h: Harness, action: string) {
  return h.deps.db.selectFrom('admin_audit').selectAll().where('action', '=', action).orderBy('id').execute();
}

/** A swing_analyses row as the worker leaves it, for tests that need analyses without running one. */
export function analysisRow(userId: number, overrides: Partial<Insertable<SwingAnalysesTable>> = {}): Insertable<SwingAnalysesTable> {
  return {
    user_id: userId,
    status: 'pending',
    club_selection: 'driver',
    tour_comparison: 'pga',
    gender: null,
    age: null,
    club_speed: null,
    ball_speed: null,
    carry: null,
    total: null,
    spin_rate: null,
    club_path: null,
    face_angle: null,
    face_on_key: null,
    down_the_line_key: null,
    performance_assessment: null,
    launch_monitor_assessment: null,
    upload_week: '2026-01-04',
    completed_at: null,
    ...overrides,
  };
}
