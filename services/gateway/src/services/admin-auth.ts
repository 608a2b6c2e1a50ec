import { createHash, timingSafeEqual } from 'node:crypto';

/** Compares in constant time; hashing first gives both sides the same length whatever was typed. */
export function isAdminPassword(candidate: string, adminPassword: string): boolean {
  if (!adminPassword) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(candidate), digest(adminPassword));
}
