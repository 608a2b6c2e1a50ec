import { hashPassword, verifyPassword } from './passwords.js';

/*
 * The admin password lives in memory only as a salted scrypt hash, made once at start: a heap dump or
 * a stray log of the deps never shows it, and every guess costs the guesser a full scrypt.
 */

export const hashAdminPassword = (password: string): Promise<string> => hashPassword(password);

/** Constant-time comparison of the derived keys (verifyPassword uses timingSafeEqual); false when no hash is set. */
export async function isAdminPassword(candidate: string, adminPasswordHash: string): Promise<boolean> {
  if (!adminPasswordHash) return false;
  return verifyPassword(candidate, adminPasswordHash);
}
