import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../src/services/passwords.js';
import { hashAdminPassword, isAdminPassword } from '../src/services/admin-auth.js';

describe('password hashing (scrypt, per-user salt)', () => {
  it('verifies the right password and refuses others', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts every hash, so equal passwords do not give equal hashes', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same password', b)).toBe(true);
  });

  it('treats the same characters in different Unicode forms as the same password', async () => {
    const stored = await hashPassword('caf\u00e9-latte'); // é as one code point
    expect(await verifyPassword('cafe\u0301-latte', stored)).toBe(true); // e + combining accent
  });

  it.each([['not-a-hash'], ['bcrypt$2b$10$abc'], ['scrypt$16384$8$1$salt'], ['']])('refuses a malformed stored value %j', async (stored) => {
    expect(await verifyPassword('anything', stored)).toBe(false);
  });

  it('the decoy check always fails', async () => {
    expect(await verifyAgainstDecoy('whatever')).toBe(false);
  });
});

describe('admin password comparison (against the salted hash made at start)', () => {
  it.each([
    ['s3cret-admin', 's3cret-admin', true],
    ['s3cret-admin ', 's3cret-admin', false],
    ['S3cret-admin', 's3cret-admin', false],
    ['', 's3cret-admin', false],
  ])('%j against %j -> %s', async (candidate, configured, expected) => {
    expect(await isAdminPassword(candidate, await hashAdminPassword(configured))).toBe(expected);
  });

  it('never opens the admin area without a configured hash, and keeps no trace of the password in it', async () => {
    expect(await isAdminPassword('', '')).toBe(false);
    expect(await isAdminPassword('anything', '')).toBe(false);
    const hash = await hashAdminPassword('s3cret-admin');
    expect(hash).not.toContain('s3cret-admin');
    expect(await hashAdminPassword('s3cret-admin')).not.toBe(hash); // salted: the same password hashes differently
  });
});
