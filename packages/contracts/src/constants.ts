/** Business constants of specification section 9. */
export const UNLIMITED = 999;

export const PLAN_LIMITS = {
  free: { videoUploads: 1, workoutViews: 1, analysisViews: UNLIMITED },
  premium: { videoUploads: UNLIMITED, workoutViews: UNLIMITED, analysisViews: UNLIMITED, weeklyPerClub: 1 },
} as const;

/** The one place the plans' amounts live: billing prices its local test mode from them, screens show them. */
export const PRICES = {
  monthly: { name: 'Monthly', amountCents: 999, amount: '$9.99', label: '$9.99/month', interval: 'month', savingPercent: 0 },
  annual: { name: 'Annual', amountCents: 9999, amount: '$99.99', label: '$99.99/year', interval: 'year', savingPercent: 17 },
} as const;
export const PLANS = ['monthly', 'annual'] as const;

export const POINTS = { perExercise: 5, perUpload: 10 } as const;

export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;
export const WEEK_TIME_ZONE = 'America/Chicago';
export const MONTHLY_AVERAGE_DAYS = 30;
export const NOTIFICATION_BADGE_CAP = 9;
export const NAV_MAX_WIDTH_PX = 428;

export const TIMING_MS = {
  notificationsPoll: 30_000,
  usageLimitsPoll: 30_000,
  analysisStatusPoll: 2_000,
  // An analysis still in progress minutes after its upload is read again at this slower pace (web inProgressPollMs).
  analysisStatusSlowPoll: 15_000,
  loadingFailureTimeout: 60_000,
  loadingSteps: [2_000, 15_000, 8_000, 5_000],
  loadingFallbackNavigation: 30_000,
  adminListRefresh: 10_000,
  welcomeProgressTick: 100,
  welcomeProgressStep: 2,
  welcomeDoneWait: 500,
  toastDuration: 5_000,
  // Back from Checkout (session_id in the URL): refresh after 2 s, then poll every 3 s, at most 10 times.
  checkoutReturnRefresh: 2_000,
  checkoutReturnPoll: 3_000,
  checkoutReturnPolls: 10,
  // The payment-success screen: first check after 2 s, spinner stops after 30 s of polling.
  paymentSuccessDelay: 2_000,
  paymentSuccessPoll: 3_000,
  paymentSuccessGiveUp: 30_000,
  toastRemoveDelay: 1_000_000,
  tooltipDelay: 700,
} as const;

export const CLUBS = ['driver', '7-iron'] as const;
export type UploadClub = (typeof CLUBS)[number];
