import helmet from 'helmet';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, HeaderMiddleware } from '@swingfit/server-kit';

/*
 * Browser protections on every gateway answer (pages, assets, JSON, media, errors). The
 * Content-Security-Policy lists exactly what the app loads; a new outside source is added here, with
 * its reason, or the browser refuses it (the e2e security journey fails on any violation):
 * - our own origin: the built app, its API, swing videos and key frames (media as blob: too, for a
 *   preview of the video a golfer picked before uploading);
 * - Stripe: Stripe.js from js.stripe.com, its card and 3-D Secure frames from js.stripe.com and
 *   hooks.stripe.com, its API calls to api.stripe.com;
 * - exercise videos: YouTube's privacy-enhanced player (youtube-nocookie.com) and thumbnails from
 *   i.ytimg.com.
 * No inline or evaluated script anywhere; the app may never be framed (clickjacking).
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'", 'https://js.stripe.com'],
  // React sets styles through the CSSOM (element.style), which CSP does not govern: no inline styles needed.
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https://i.ytimg.com'],
  mediaSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'", 'https://api.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com', 'https://www.youtube-nocookie.com'],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
} satisfies Record<string, string[]>;

/** HSTS for a year once the product is served over https; never on plain http (localhost). */
const HSTS_SECONDS = 365 * 24 * 60 * 60;

/**
 * Helmet's middleware, built once (the @fastify/helmet plugin used before built it anew on every
 * request: re-parsing these directives was a visible part of each API call's time in bench:api).
 * createHttpServer runs it on every answer, the refusals Fastify makes before any hook included.
 */
export function securityHeaderMiddleware(publicUrl: string): HeaderMiddleware {
  const https = publicUrl.startsWith('https://');
  const protect = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      // On http, upgrading the app's own requests to https would break http://localhost.
      directives: { ...CONTENT_SECURITY_POLICY, ...(https ? { upgradeInsecureRequests: [] } : {}) },
    },
    // The app embeds YouTube and Stripe frames, which do not send CORP headers.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    // YouTube's embedded player refuses to play without the embedding origin in the Referer
    // (no-referrer breaks exercise videos); only the origin ever leaves the site, never a path.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: HSTS_SECONDS, includeSubDomains: false } : false,
  });
  return (req, res, next) => protect(req, res, next);
}

/**
 * Signed-in JSON (and every other API answer without its own policy) is never stored by a browser or
 * a shared proxy: a golfer's data must not outlive the session on a shared device.
 */
export function noStoreApiAnswers(app: App): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!reply.hasHeader('cache-control') && (request.url.startsWith('/api/') || isJson(reply))) reply.header('cache-control', 'no-store');
    return payload;
  });
}

const isJson = (reply: FastifyReply) => String(reply.getHeader('content-type') ?? '').startsWith('application/json');
