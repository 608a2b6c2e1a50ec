#!/usr/bin/env node
// Applies every service's migrations to its own schema (the services also do this at start).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICES } from './services.mjs';

const root = new URL('..', import.meta.url).pathname;
for (const s of SERVICES) {
  const entry = join(root, s.dir, 'dist/migrate.js');
  if (!existsSync(entry)) continue;
  // Migrations touch only PostgreSQL: placeholders for the secrets each service's config requires.
  const env = { INTERNAL_TOKEN: 'migrate-only-internal-token', S3_ACCESS_KEY: 'migrate-only', S3_SECRET_KEY: 'migrate-only', ...process.env };
  const run = spawnSync(process.execPath, [entry], { stdio: 'inherit', env });
  if (run.status !== 0) process.exit(run.status ?? 1);
  console.log(`migrated ${s.name}`);
}
