import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The admin password comes from ADMIN_PASSWORD; without it one is generated once and kept in
 * DATA_DIR/admin-password (mode 600), so a local install has a stable, non-default secret. The local
 * launcher (scripts/stack.mjs) calls this too, before it starts the gateway in production mode, where
 * ADMIN_PASSWORD is required.
 */
export function resolveAdminPassword(configured: string, dataDir: string): { password: string; source: string } {
  const file = join(dataDir, 'admin-password');
  const kept = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  // The launcher hands the kept password on as ADMIN_PASSWORD: the operator finds it in the file, so the log names the file.
  if (configured) return { password: configured, source: configured === kept ? file : 'ADMIN_PASSWORD environment variable' };
  // An emptied file must not become an empty password: a new one is generated instead.
  if (kept) return { password: kept, source: file };
  mkdirSync(dataDir, { recursive: true });
  const password = randomBytes(12).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return { password, source: file };
}
