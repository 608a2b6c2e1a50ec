import type { FastifyReply } from 'fastify';
import type { App } from '@swingfit/server-kit';
import { ChangePasswordBody, ChangePasswordResponse, ErrorBody, LoginBody, RegisterBody, User } from '@swingfit/contracts';
import type { GatewayDeps } from '../deps.js';
import { USER_COOKIE, closeSession, cookieOptions, hashToken, requireUser } from '../http/session.js';
import { changePassword, getProfile, login, register, signIn, type AccountsContext } from '../services/accounts.js';
import { rateLimitRules } from '../http/rate-limit-rules.js';
import { OIDC_CALLBACK_PATH, OIDC_LOGIN_SECONDS, OIDC_STATE_COOKIE, OidcLogin, accountForIdentity, oidcSettings } from '../services/oidc.js';
import { clearUserCookie, clientMeta, setUserCookie } from '../services/session-cookies.js';
import { TOUCH_INTERVAL_SECONDS, touchSession } from '../db/sessions-repository.js';

/** Whether the session's last activity (as looked up) is old enough for touchSession to write it. */
const needsTouch = (lastSeenAt: number | undefined) => lastSeenAt === undefined || Date.now() - lastSeenAt >= TOUCH_INTERVAL_SECONDS * 1000;

/** The app's own sign-in screen, where GET /api/login leads when no OIDC provider is configured. */
export const SIGN_IN_PATH = '/sign-in';

/** Accounts and sessions: register, sign in and out, the signed-in user, password change, OIDC. */
export function authRoutes(deps: GatewayDeps) {
  return async (app: App) => {
    const { config, db } = deps;
    const sessions = deps.sessionCache;
    const ctx: AccountsContext = { db, sessionTtlDays: config.SESSION_TTL_DAYS, ...(sessions ? { sessionCache: sessions } : {}) };
    const limits = rateLimitRules(config, db);
    const signedIn = requireUser(db, sessions);

    /** A new sign-in replaces whatever session this browser had. */
    const replaceSession = async (cookieToken: string | undefined, reply: FastifyReply, token: string) => {
      await closeSession(db, cookieToken, sessions);
      setUserCookie(reply, config.PUBLIC_URL, token, config.SESSION_TTL_DAYS);
    };

    app.post(
      '/api/auth/register',
      { config: { rateLimits: limits.register }, schema: { body: RegisterBody, response: { 201: User, 400: ErrorBody, 409: ErrorBody, 429: ErrorBody } } },
      async (request, reply) => {
        const { user, token } = await register(ctx, request.body, { ...clientMeta(request), requestId: String(request.id) });
        await replaceSession(request.cookies[USER_COOKIE], reply, token);
        return reply.status(201).send(user);
      },
    );

    app.post(
      '/api/auth/login',
      { config: { rateLimits: limits.login }, schema: { body: LoginBody, response: { 200: User, 401: ErrorBody, 429: ErrorBody } } },
      async (request, reply) => {
        const { user, token } = await login(ctx, request.body, clientMeta(request));
        await replaceSession(request.cookies[USER_COOKIE], reply, token);
        return user;
      },
    );

    app.post('/api/logout', async (request, reply) => {
      await closeSession(db, request.cookies[USER_COOKIE], sessions);
      clearUserCookie(reply, config.PUBLIC_URL);
      return reply.status(204).send();
    });

    app.get('/api/auth/user', { onRequest: signedIn, schema: { response: { 200: User, 401: ErrorBody } } }, async (request) => {
      const session = request.sessionUser!;
      // The devices list's last activity: only written when it is older than the touch interval (the
      // session as looked up says when), so a golfer's repeated calls cost no write, not even an empty one.
      if (needsTouch(session.lastSeenAt)) {
        await touchSession(db, session.sessionId, TOUCH_INTERVAL_SECONDS);
        sessions?.touched(hashToken(request.cookies[USER_COOKIE]!));
      }
      return getProfile(db, session.id);
    });

    app.post(
      '/api/auth/change-password',
      {
        onRequest: signedIn,
        config: { rateLimits: limits.passwordChange },
        schema: { body: ChangePasswordBody, response: { 200: ChangePasswordResponse, 400: ErrorBody, 429: ErrorBody } },
      },
      async (request) => {
        const session = request.sessionUser!;
        return changePassword(ctx, session.id, session.sessionId, request.body);
      },
    );

    oidcRoutes(app, deps, ctx, replaceSession);
  };
}

type ReplaceSession = (cookieToken: string | undefined, reply: FastifyReply, token: string) => Promise<void>;

/**
 * Single sign-on: GET /api/login sends the browser to the provider (or to the app's own sign-in screen
 * when none is configured), and the callback signs the golfer in with the identity it returns.
 */
function oidcRoutes(app: App, deps: GatewayDeps, ctx: AccountsContext, replaceSession: ReplaceSession): void {
  const { config, db } = deps;
  const settings = oidcSettings(config);
  const oidc = settings ? new OidcLogin(settings, deps.redis, config.QUEUE_PREFIX) : undefined;

  // The welcome screen's Get Started (and the profile's change password) navigate here.
  app.get('/api/login', async (_request, reply) => {
    if (!oidc) return reply.redirect(SIGN_IN_PATH, 302);
    try {
      const { url, state } = await oidc.start();
      reply.setCookie(OIDC_STATE_COOKIE, state, { ...cookieOptions(config.PUBLIC_URL, OIDC_LOGIN_SECONDS), path: OIDC_CALLBACK_PATH });
      return reply.redirect(url.toString(), 302);
    } catch (err) {
      deps.logger.error({ err }, 'OIDC provider unreachable; sending the browser to the sign-in screen');
      return reply.redirect(`${SIGN_IN_PATH}?error=provider_unavailable`, 302);
    }
  });

  app.get(OIDC_CALLBACK_PATH, async (request, reply) => {
    if (!oidc) return reply.status(404).send({ message: 'Single sign-on is not configured' });
    reply.clearCookie(OIDC_STATE_COOKIE, { path: OIDC_CALLBACK_PATH });
    try {
      // Built from PUBLIC_URL, not the Host header: it must equal the redirect_uri the provider was given.
      const callbackUrl = new URL(request.url, config.PUBLIC_URL);
      const identity = await oidc.finish(callbackUrl, request.cookies[OIDC_STATE_COOKIE]);
      const row = await accountForIdentity(db, identity, String(request.id));
      const { token } = await signIn(ctx, row, clientMeta(request));
      await replaceSession(request.cookies[USER_COOKIE], reply, token);
      return reply.redirect('/', 302);
    } catch (err) {
      request.log.warn({ err }, 'OIDC sign-in failed');
      return reply.redirect(`${SIGN_IN_PATH}?error=sign_in_failed`, 302);
    }
  });
}
