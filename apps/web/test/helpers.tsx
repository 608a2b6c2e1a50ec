import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Notification, SwingAnalysis, User } from '@swingfit/contracts';

/** A client whose cache the test fills in; anything not filled in stays loading instead of reaching the network. */
export function testQueryClient(options: { failing?: boolean } = {}) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Infinity,
        refetchInterval: false,
        queryFn: options.failing ? () => Promise.reject(new Error('500: down')) : () => new Promise<never>(() => {}),
      },
    },
  });
}

export function wrap(ui: ReactNode, client: QueryClient, path = '/') {
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>
  );
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'ann@example.com',
    firstName: 'Ann',
    lastName: 'Lee',
    handicap: 12.4,
    city: 'Austin',
    state: 'TX',
    streak: 3,
    monthlyPoints: 145,
    weeklyPoints: 20,
    totalPoints: 400,
    isPremium: false,
    videoUploadsUsed: 0,
    analysisViewsUsed: 0,
    workoutViewsUsed: 0,
    createdAt: '2026-01-02T10:00:00.000Z',
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    subscriptionEndDate: null,
    authProvider: 'local',
    ...overrides,
  };
}

export function makeNotifications(total: number, unread: number): Notification[] {
  return Array.from({ length: total }, (_, i) => ({
    id: i + 1,
    type: 'other' as const,
    title: `Note ${i + 1}`,
    message: 'Something happened',
    isRead: i >= unread,
    createdAt: new Date().toISOString(),
  }));
}

/** An analysis still in progress (no technical details yet), typed against the shared contract. */
export function makeAnalysis(overrides: Partial<SwingAnalysis> = {}): SwingAnalysis {
  return {
    id: 1,
    userId: 7,
    createdAt: new Date().toISOString(),
    status: 'processing',
    clubSelection: 'driver',
    tourComparison: 'pga',
    gender: null,
    age: null,
    clubSpeed: null,
    ballSpeed: null,
    carry: null,
    total: null,
    spinRate: null,
    clubPath: null,
    faceAngle: null,
    faceOnVideoUrl: null,
    downTheLineVideoUrl: null,
    posterUrl: null,
    downTheLinePosterUrl: null,
    keyIssues: [],
    recommendations: [],
    exerciseRecommendations: [],
    performanceAssessment: null,
    launchMonitorAssessment: null,
    swingStrengths: [],
    swingWeaknesses: [],
    technicalDetails: null,
    mobilityAnalysis: null,
    analysisResults: null,
    launchMonitor: null,
    pose: null,
    downTheLinePose: null,
    ...overrides,
  };
}
