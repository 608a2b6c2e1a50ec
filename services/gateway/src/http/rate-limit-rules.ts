import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { CoreDatabase } from '@swingfit/core-db';
import type { GatewayConfig } from '../config.js';
import { findUserById, normalizeEmail } from '../db/users-repository.js';
import type { RateLimitRule } from './rate-limit.js';

/*
 * The gateway's rate limits, each a rule of http/rate-limit.ts, with its numbers from config (env).
 * Sign-ins count failures only, per address, per address+account and per account; the account's own
 * counter only ever imposes a short growing wait (RATE_LIMIT_LOGIN_DELAY_CAP_SECONDS), so guessing
 * a golfer's email from many addresses slows the guesser but never locks the golfer out. An unknown
 * email is counted exactly like a known one, so the answers tell nobody which emails have accounts.
 */

const SIGN_IN = 'sign-in attempts';

const bodyEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? normalizeEmail(email) : undefined;
};

export function rateLimitRules(config: GatewayConfig, db: Kysely<CoreDatabase>) {
  const window = config.RATE_LIMIT_LOGIN_WINDOW_SECONDS;
  const base = config.RATE_LIMIT_BACKOFF_BASE_SECONDS;
  // Per address: waits may grow to the whole window. Per account: never past the short cap.
  const addressBackoff = { windowSeconds: window, backoffBaseSeconds: base, backoffCapSeconds: window } as const;
  const accountBackoff = { windowSeconds: window, backoffBaseSeconds: base, backoffCapSeconds: config.RATE_LIMIT_LOGIN_DELAY_CAP_SECONDS } as const;
  // The owner proving the password clears it: their own typos never add up to waits. (A guesser gains
  // at most RATE_LIMIT_LOGIN_ACCOUNT_FAILURES fast guesses per sign-in of the owner.)
  const accountCounter = { ...accountBackoff, name: 'login-account', counts: 'failures', max: config.RATE_LIMIT_LOGIN_ACCOUNT_FAILURES, clearOnSuccess: true } as const;
  // Uploads keep working while Redis is away: the plan's allowance (PostgreSQL, under the golfer's row
  // lock) is their real limit, and the upload's job waits in the outbox until Redis is back.
  const uploads = { counts: 'attempts', windowSeconds: config.RATE_LIMIT_UPLOAD_WINDOW_SECONDS, what: 'uploads in a short time', whenStoreDown: 'allow' } as const;

  const rules = {
    loginAddress: { ...addressBackoff, name: 'login-ip', counts: 'failures', max: config.RATE_LIMIT_LOGIN_IP_FAILURES, what: SIGN_IN, subject: (r) => r.ip },
    loginAccountAddress: {
      ...addressBackoff,
      name: 'login-account-ip',
      counts: 'failures',
      max: config.RATE_LIMIT_LOGIN_ACCOUNT_IP_FAILURES,
      clearOnSuccess: true,
      what: SIGN_IN,
      subject: (r) => {
        const email = bodyEmail(r);
        return email === undefined ? undefined : `${email}\n${r.ip}`;
      },
    },
    loginAccount: { ...accountCounter, what: SIGN_IN, subject: bodyEmail },
    // Same counter as sign-in: a stolen session is no faster way to guess the password.
    passwordChangeAccount: {
      ...accountCounter,
      what: 'password attempts',
      subject: async (r) => {
        const id = r.sessionUser?.id;
        return id === undefined ? undefined : (await findUserById(db, id))?.email;
      },
    },
    adminAddress: { ...addressBackoff, name: 'admin-login-ip', counts: 'failures', max: config.RATE_LIMIT_ADMIN_LOGIN_IP_FAILURES, what: SIGN_IN, subject: (r) => r.ip },
    adminAccount: { ...accountCounter, name: 'admin-login', what: SIGN_IN, subject: () => 'admin' },
    registerAddress: {
      name: 'register-ip',
      counts: 'attempts',
      max: config.RATE_LIMIT_REGISTER_IP,
      windowSeconds: config.RATE_LIMIT_REGISTER_WINDOW_SECONDS,
      what: 'new accounts from this address',
      subject: (r) => r.ip,
    },
    // Changing one's email must say when the new one is taken: limited like sign-ups, so a golfer's
    // session is no faster way to test which emails have accounts.
    emailChangeGolfer: {
      name: 'email-change-user',
      counts: 'attempts',
      max: config.RATE_LIMIT_REGISTER_IP,
      windowSeconds: config.RATE_LIMIT_REGISTER_WINDOW_SECONDS,
      what: 'email changes',
      subject: (r) => (r.sessionUser && bodyEmail(r) !== undefined ? String(r.sessionUser.id) : undefined),
    },
    uploadGolfer: { ...uploads, name: 'upload-user', max: config.RATE_LIMIT_UPLOAD_USER, subject: (r) => (r.sessionUser ? String(r.sessionUser.id) : undefined) },
    uploadAddress: { ...uploads, name: 'upload-ip', max: config.RATE_LIMIT_UPLOAD_IP, subject: (r) => r.ip },
  } satisfies Record<string, RateLimitRule>;

  return {
    login: [rules.loginAddress, rules.loginAccountAddress, rules.loginAccount],
    passwordChange: [rules.passwordChangeAccount],
    adminLogin: [rules.adminAddress, rules.adminAccount],
    register: [rules.registerAddress],
    profileEdit: [rules.emailChangeGolfer],
    upload: [rules.uploadGolfer, rules.uploadAddress],
  };
}
