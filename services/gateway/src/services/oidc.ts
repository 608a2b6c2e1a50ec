import * as client from 'openid-client';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { CoreDatabase } from '@swingfit/core-db';
import { findUserByEmail, findUserByOidcSubject, linkOidcSubject, type UserRow } from '../db/users-repository.js';
import { createAccount } from './accounts.js';
import { redisReady } from './redis-ready.js';

export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';
export const OIDC_STATE_COOKIE = 'sf_oidc_state';
/** How long a started sign-in may take at the provider before its state is forgotten. */
export const OIDC_LOGIN_SECONDS = 10 * 60;

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  publicUrl: string;
}

export function oidcSettings(config: { OIDC_ISSUER: string; OIDC_CLIENT_ID: string; OIDC_CLIENT_SECRET: string; PUBLIC_URL: string }): OidcSettings | undefined {
  if (!config.OIDC_ISSUER || !config.OIDC_CLIENT_ID || !config.OIDC_CLIENT_SECRET) return undefined;
  return { issuer: config.OIDC_ISSUER, clientId: config.OIDC_CLIENT_ID, clientSecret: config.OIDC_CLIENT_SECRET, publicUrl: config.PUBLIC_URL };
}

interface PendingLogin {
  codeVerifier: string;
  nonce: string;
}

export interface OidcIdentity {
  subject: string;
  email?: string;
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
}

/**
 * Authorization-code sign-in with PKCE, state and nonce. The pending login lives in Redis under its
 * state (any replica can finish it, each state works once); the browser holds only the state, in a
 * cookie that binds the callback to the browser that started it.
 */
export class OidcLogin {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(
    private readonly settings: OidcSettings,
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  get redirectUri(): string {
    return new URL(OIDC_CALLBACK_PATH, this.settings.publicUrl).toString();
  }

  /** Discovery runs on first use, not at start, so a provider that is down does not stop the gateway. */
  private discover(): Promise<client.Configuration> {
    this.configuration ??= client
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        this.settings.clientSecret,
        undefined,
        this.settings.issuer.startsWith('http://') ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }

  private key(state: string) {
    return `${this.keyPrefix}:oidc-login:${state}`;
  }

  /** Returns the provider URL to send the browser to and the state for its cookie. */
  async start(): Promise<{ url: URL; state: string }> {
    const configuration = await this.discover();
    const state = client.randomState();
    const pending: PendingLogin = { codeVerifier: client.randomPKCECodeVerifier(), nonce: client.randomNonce() };
    await (await redisReady(this.redis)).set(this.key(state), JSON.stringify(pending), 'EX', OIDC_LOGIN_SECONDS);
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce: pending.nonce,
    });
    return { url, state };
  }

  /** Exchanges the code from the callback URL; throws on any mismatch (state, nonce, PKCE, signature). */
  async finish(callbackUrl: URL, stateFromCookie: string | undefined): Promise<OidcIdentity> {
    const state = callbackUrl.searchParams.get('state');
    if (!state || !stateFromCookie || state !== stateFromCookie) throw new Error('OIDC state does not match this browser');
    const raw = await (await redisReady(this.redis)).getdel(this.key(state));
    if (!raw) throw new Error('OIDC sign-in expired or already used');
    const pending = JSON.parse(raw) as PendingLogin;
    const configuration = await this.discover();
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('OIDC provider returned no ID token');
    let profile: Record<string, unknown> = claims;
    if (typeof claims.email !== 'string') profile = { ...(await client.fetchUserInfo(configuration, tokens.access_token, claims.sub)), ...claims };
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
    return {
      subject: claims.sub,
      email: text(profile.email),
      emailVerified: profile.email_verified === true,
      firstName: text(profile.given_name),
      lastName: text(profile.family_name),
    };
  }
}

/**
 * The account for a provider identity: the one already linked to it; else an existing local account
 * with the same email, linked only when the provider vouches for that email; else a new account.
 */
export async function accountForIdentity(db: Kysely<CoreDatabase>, identity: OidcIdentity, requestId?: string): Promise<UserRow> {
  const linked = await findUserByOidcSubject(db, identity.subject);
  if (linked) return linked;
  if (!identity.email) throw new Error('OIDC provider shared no email address');
  const existing = await findUserByEmail(db, identity.email);
  if (existing) {
    if (!identity.emailVerified || existing.oidc_subject) throw new Error('An account with this email exists and cannot be linked');
    return linkOidcSubject(db, Number(existing.id), identity.subject);
  }
  return createAccount(
    db,
    {
      email: identity.email,
      firstName: identity.firstName ?? null,
      lastName: identity.lastName ?? null,
      passwordHash: null,
      authProvider: 'oidc',
      oidcSubject: identity.subject,
    },
    requestId,
  );
}
