import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_CALLBACK_PATH, OIDC_STATE_COOKIE } from '../src/services/oidc.js';
import { cookieFrom, startGateway, type Harness } from './harness.js';
import { registerGolfer, setCookies } from './auth-fixtures.js';

/*
 * No real identity provider is reachable here, so a tiny local one plays its part over HTTP: discovery
 * document, JWKS, and a token endpoint that checks the client secret and the PKCE verifier and returns
 * an RS256-signed ID token. The gateway talks to it through the real openid-client.
 */
const CLIENT_ID = 'swingfit-web';
const CLIENT_SECRET = 'provider-shared-secret';

interface Grant {
  challenge: string;
  nonce: string;
  claims: Record<string, unknown>;
}

class FakeProvider {
  readonly grants = new Map<string, Grant>();
  readonly tokenRequests: URLSearchParams[] = [];
  private readonly keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private server!: Server;
  issuer = '';

  async start() {
    this.server = createServer((req, res) => void this.handle(req.url ?? '/', req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.issuer = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private idToken(claims: Record<string, unknown>) {
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const input = `${enc({ alg: 'RS256', kid: 'k1', typ: 'JWT' })}.${enc({ iss: this.issuer, aud: CLIENT_ID, iat: now, exp: now + 300, ...claims })}`;
    return `${input}.${sign('sha256', Buffer.from(input), this.keys.privateKey).toString('base64url')}`;
  }

  private async handle(url: string, req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: this.issuer,
        authorization_endpoint: `${this.issuer}/authorize`,
        token_endpoint: `${this.issuer}/token`,
        jwks_uri: `${this.issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      });
    }
    if (url === '/jwks') return json(200, { keys: [{ ...this.keys.publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' }] });
    if (url === '/token' && req.method === 'POST') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const form = new URLSearchParams(raw);
      this.tokenRequests.push(form);
      const basic = req.headers.authorization?.startsWith('Basic ') ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString() : undefined;
      const secretOk = form.get('client_secret') === CLIENT_SECRET || basic === `${CLIENT_ID}:${CLIENT_SECRET}`;
      const grant = this.grants.get(form.get('code') ?? '');
      if (!secretOk) return json(401, { error: 'invalid_client' });
      if (!grant) return json(400, { error: 'invalid_grant' });
      this.grants.delete(form.get('code')!);
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) return json(400, { error: 'invalid_grant', error_description: 'PKCE' });
      return json(200, { access_token: 'at-1', token_type: 'Bearer', expires_in: 300, id_token: this.idToken({ nonce: grant.nonce, ...grant.claims }) });
    }
    json(404, { error: 'not_found' });
  }
}

const provider = new FakeProvider();
let h: Harness;

beforeAll(async () => {
  await provider.start();
  h = await startGateway({ OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET });
});
afterAll(async () => {
  await h?.close();
  await provider.close();
});

/** GET /api/login, then what the provider would do: authenticate the person and hand back a code. */
async function startAtProvider(claims: Record<string, unknown>, code: string) {
  const res = await h.app.inject({ method: 'GET', url: '/api/login' });
  expect(res.statusCode).toBe(302);
  const location = new URL(String(res.headers.location));
  const state = location.searchParams.get('state')!;
  provider.grants.set(code, { challenge: location.searchParams.get('code_challenge')!, nonce: location.searchParams.get('nonce')!, claims });
  return { res, location, state, stateCookie: cookieFrom(res) };
}

const callback = (query: string, cookie: string) => h.app.inject({ method: 'GET', url: `${OIDC_CALLBACK_PATH}?${query}`, headers: { cookie } });

describe('GET /api/login with an OIDC provider configured', () => {
  it('redirects to the provider with client id, callback, scopes, PKCE, state and nonce', async () => {
    const { res, location, state } = await startAtProvider({ sub: 'unused' }, 'unused-code');
    expect(`${location.origin}${location.pathname}`).toBe(`${provider.issuer}/authorize`);
    const q = location.searchParams;
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('redirect_uri')).toBe(`${h.deps.config.PUBLIC_URL}${OIDC_CALLBACK_PATH}`);
    expect(q.get('scope')!.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('nonce')).toBeTruthy();
    expect(q.get('client_secret')).toBeNull();

    const stateCookie = setCookies(res).find((c) => c.startsWith(`${OIDC_STATE_COOKIE}=`));
    expect(stateCookie).toContain(`${OIDC_STATE_COOKIE}=${state}`);
    expect(stateCookie).toMatch(/HttpOnly/i);
    expect(stateCookie).toContain(`Path=${OIDC_CALLBACK_PATH}`);
    const pending = await h.deps.redis.get(`${h.deps.config.QUEUE_PREFIX}:oidc-login:${state}`);
    expect(JSON.parse(pending!)).toEqual({ codeVerifier: expect.any(String), nonce: q.get('nonce') });
  });

  it('finishes on the callback: creates the account, signs in, and the next sign-in finds the same account', async () => {
    const claims = { sub: 'provider-user-1', email: 'Collin@Example.com', email_verified: true, given_name: 'Collin', family_name: 'Morikawa' };
    const first = await startAtProvider(claims, 'code-1');
    const done = await callback(`code=code-1&state=${first.state}`, first.stateCookie);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/');
    const tokenForm = provider.tokenRequests.at(-1)!;
    expect(tokenForm.get('redirect_uri')).toBe(`${h.deps.config.PUBLIC_URL}${OIDC_CALLBACK_PATH}`);

    const me = await h.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookieFrom(done) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'collin@example.com', firstName: 'Collin', lastName: 'Morikawa', authProvider: 'oidc' });
    const events = await h.deps.db.selectFrom('outbox').select('user_id').where('type', '=', 'user.registered').where('user_id', '=', me.json().id).execute();
    expect(events).toHaveLength(1);

    const second = await startAtProvider(claims, 'code-2');
    const again = await callback(`code=code-2&state=${second.state}`, second.stateCookie);
    const me2 = await h.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookieFrom(again) } });
    expect(me2.json().id).toBe(me.json().id);

    // An OIDC account has no local password to change.
    const change = await h.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: cookieFrom(again) },
      payload: { currentPassword: 'anything', newPassword: 'something-long' },
    });
    expect(change.statusCode).toBe(400);
  });

  it('refuses a callback whose state is not this browser’s, or that is replayed', async () => {
    const a = await startAtProvider({ sub: 'provider-user-2', email: 'two@example.com', email_verified: true }, 'code-3');
    const b = await startAtProvider({ sub: 'provider-user-2', email: 'two@example.com', email_verified: true }, 'code-4');
    const crossed = await callback(`code=code-3&state=${a.state}`, b.stateCookie);
    expect(crossed.statusCode).toBe(302);
    expect(crossed.headers.location).toBe('/sign-in?error=sign_in_failed');
    expect(setCookies(crossed).some((c) => c.startsWith('sf_session='))).toBe(false);

    const ok = await callback(`code=code-4&state=${b.state}`, b.stateCookie);
    expect(ok.headers.location).toBe('/');
    const replay = await callback(`code=code-4&state=${b.state}`, b.stateCookie);
    expect(replay.headers.location).toBe('/sign-in?error=sign_in_failed');
  });

  it('links a local account only when the provider has verified its email', async () => {
    const { email, user } = await registerGolfer(h.app);
    const start = await startAtProvider({ sub: 'provider-user-3', email, email_verified: false }, 'code-5');
    const res = await callback(`code=code-5&state=${start.state}`, start.stateCookie);
    expect(res.headers.location).toBe('/sign-in?error=sign_in_failed');
    const row = await h.deps.db.selectFrom('users').select('oidc_subject').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.oidc_subject).toBeNull();

    // The same person, once the provider vouches for the address, is linked to the existing account.
    const verified = await startAtProvider({ sub: 'provider-user-3', email, email_verified: true }, 'code-6');
    const linked = await callback(`code=code-6&state=${verified.state}`, verified.stateCookie);
    expect(linked.headers.location).toBe('/');
    const me = await h.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookieFrom(linked) } });
    expect(me.json()).toMatchObject({ id: user.id, authProvider: 'local' });
  });
});
