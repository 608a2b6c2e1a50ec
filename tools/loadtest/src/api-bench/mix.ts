/* The calls the web app's home screen makes (apps/web: useAuth, Header, HomeScreen, home-cards, points, workout), in that order. */

export interface Call {
  name: string;
  /** `{id}` is the signed-in golfer's id. */
  path: string;
}

export const HOME_SCREEN_CALLS: Call[] = [
  { name: 'auth user', path: '/api/auth/user' },
  { name: 'upload status', path: '/api/upload-status/{id}' },
  { name: 'usage limits', path: '/api/usage-limits' },
  { name: 'notifications', path: '/api/notifications' },
  { name: 'latest analyses', path: '/api/swing-analyses/user/{id}' },
  { name: 'monthly position', path: '/api/users/{id}/monthly-position' },
  { name: 'leaderboard', path: '/api/monthly-leaderboard' },
  { name: 'daily workout', path: '/api/daily-workout/{id}' },
];

export const HELLO_CALLS: Call[] = [{ name: 'hello world', path: '/' }];

export const callPath = (call: Call, userId: number) => call.path.replace('{id}', String(userId));

/** The targets: p99 at most 50 ms at 300 requests/s, the mix at least a quarter of hello-world's requests/s. */
export const TARGETS = { fixedRate: 300, p99Ms: 50, mixShareOfHello: 0.25 } as const;

export const verdict = (pass: boolean) => (pass ? 'PASS' : 'MISS');
