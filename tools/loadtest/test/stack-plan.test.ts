import { describe, expect, it } from 'vitest';
import { peerUrls, servicePlan } from '../../../scripts/stack.mjs';

describe('servicePlan (WORKERS=N pnpm start)', () => {
  const workers = (env: Record<string, string>) => servicePlan(env, 8080).filter((p: { name: string }) => p.name.startsWith('analysis-worker'));

  it.each([
    [{}, [['analysis-worker', 8083]]],
    [{ WORKERS: '3' }, [['analysis-worker', 8083], ['analysis-worker-2', 8084], ['analysis-worker-3', 8085]]],
    [{ WORKERS: '2', ANALYSIS_WORKER_PORT: '28083' }, [['analysis-worker', 28083], ['analysis-worker-2', 28084]]],
  ])('%j starts %j', (env, expected) => {
    expect(workers(env).map((p: { name: string; port: number }) => [p.name, p.port])).toEqual(expected);
  });

  it('keeps one of every other service on its own port', () => {
    expect(servicePlan({ WORKERS: '2', BILLING_PORT: '9001' }, 9000).map((p: { name: string; port: number }) => `${p.name}:${p.port}`)).toEqual([
      'gamification:8082',
      'billing:9001',
      'analysis-worker:8083',
      'analysis-worker-2:8084',
      'gateway:9000',
    ]);
  });

  it('leaves every analysis worker out for a journey that never uploads (analysis: false), and nothing else', () => {
    const names = (analysis: boolean) => servicePlan({ WORKERS: '2' }, 9000, { analysis }).map((p: { name: string }) => p.name);
    expect(names(false)).toEqual(['gamification', 'billing', 'gateway']);
    expect(names(true)).toEqual(['gamification', 'billing', 'analysis-worker', 'analysis-worker-2', 'gateway']);
  });

  it('points the gateway at billing and gamification where they listen, unless their URLs are given', () => {
    const env = { BILLING_PORT: '9081', GAMIFICATION_PORT: '9082' };
    expect(peerUrls(env, servicePlan(env, 9080))).toEqual({ BILLING_URL: 'http://127.0.0.1:9081', GAMIFICATION_URL: 'http://127.0.0.1:9082' });
    expect(peerUrls({}, servicePlan({}, 8080))).toEqual({ BILLING_URL: 'http://127.0.0.1:8081', GAMIFICATION_URL: 'http://127.0.0.1:8082' });
    const given = { BILLING_PORT: '9081', BILLING_URL: 'http://billing.internal:8081' };
    expect(peerUrls(given, servicePlan(given, 8080)).BILLING_URL).toBe('http://billing.internal:8081');
  });

  it.each(['0', '-1', '1.5', 'two'])('refuses WORKERS=%s', (value) => {
    expect(() => servicePlan({ WORKERS: value }, 8080)).toThrow(/WORKERS must be a whole number/);
  });
});
