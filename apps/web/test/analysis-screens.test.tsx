import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BELOW_BAR_WORDS, type SwingAnalysis, type UploadStatus, type User } from '@swingfit/contracts';
import { apiGet } from '../src/api/client';
import { Toaster } from '../src/components/ui';
import { resetToasts } from '../src/components/ui/toast';
import { AnalysisDetailScreen, AnalysisListScreen, AnalysisLoadingScreen, UploadScreen } from '../src/screens/analysis/routes';
import { HomeVideoUploads, LatestAnalysisCard } from '../src/screens/analysis/home-cards';

/* The screens run against a stand-in server: a table of URL -> answer behind fetch, recording every call. */

type Answer = { status?: number; body?: unknown } | (() => { status?: number; body?: unknown });
let server: Map<string, Answer>;
let calls: { method: string; url: string }[];

function respond(answer: Answer) {
  const a = typeof answer === 'function' ? answer() : answer;
  const status = a.status ?? 200;
  return new Response(a.body === undefined ? null : JSON.stringify(a.body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  server = new Map();
  calls = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url });
    const answer = server.get(`${method} ${url}`);
    return answer ? respond(answer) : new Response('not found', { status: 404 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetToasts();
});

const user = (over: Partial<User> = {}): User => ({
  id: 7, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', handicap: null, city: null, state: null, streak: 0, monthlyPoints: 0, weeklyPoints: 0, totalPoints: 0,
  isPremium: false, videoUploadsUsed: 0, analysisViewsUsed: 0, workoutViewsUsed: 0, createdAt: '2026-01-01T00:00:00.000Z', stripeCustomerId: null, stripeSubscriptionId: null, subscriptionEndDate: null, authProvider: 'local', ...over,
});

const analysis = (over: Partial<SwingAnalysis> = {}): SwingAnalysis => ({
  id: 3, userId: 7, createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(), status: 'complete', clubSelection: 'driver', tourComparison: 'pga', gender: 'male', age: 40,
  clubSpeed: null, ballSpeed: null, carry: null, total: null, spinRate: null, clubPath: null, faceAngle: null, faceOnVideoUrl: '/api/swing-analyses/3/video/face-on', downTheLineVideoUrl: null, posterUrl: null, downTheLinePosterUrl: null,
  keyIssues: [], recommendations: [], exerciseRecommendations: [], performanceAssessment: null, launchMonitorAssessment: null, swingStrengths: [], swingWeaknesses: [],
  technicalDetails: {}, mobilityAnalysis: null, analysisResults: null, launchMonitor: null, pose: null, downTheLinePose: null, ...over,
});

const uploadStatus = (over: Partial<UploadStatus> = {}): UploadStatus => ({
  isPremium: false, isFreeLimitReached: false, canUploadDriver: true, canUploadSevenIron: true, weeklyDriverUploaded: false, weeklySevenIronUploaded: false,
  videoUploadsUsed: 0, videoUploadsLimit: 1, weekResetsAt: '2026-05-17T05:00:00.000Z', ...over,
});

const noMonthly = { body: { hasData: false, count: 0, clubSpeed: null, ballSpeed: null, smashFactor: null, spinRate: null, carry: null } };

/** Moves the fake clock on by `ms`, letting React settle what the timers set off. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function renderAt(path: string, client = new QueryClient({ defaultOptions: { queries: { retry: false, queryFn: ({ queryKey }) => apiGet(String(queryKey[0])) } } })) {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<p>HOME</p>} />
          <Route path="/upload" element={<UploadScreen />} />
          <Route path="/analysis" element={<AnalysisListScreen />} />
          <Route path="/analysis/:id" element={<AnalysisDetailScreen />} />
          <Route path="/analysis-loading/:id" element={<AnalysisLoadingScreen />} />
          <Route path="/analysis-loading" element={<AnalysisLoadingScreen />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

function signedIn(over: Partial<User> = {}) {
  server.set('GET /api/auth/user', { body: user(over) });
}

describe('/analysis', () => {
  beforeEach(() => {
    signedIn();
    server.set('GET /api/upload-status/7', { body: uploadStatus({ isFreeLimitReached: true, videoUploadsUsed: 1 }) });
    server.set('GET /api/swing-analyses/user/7/monthly-average/driver', noMonthly);
    server.set('GET /api/swing-analyses/user/7/monthly-average/7-iron', noMonthly);
  });

  it('shows each card in its state, the completed count and the free upload limit', async () => {
    server.set('GET /api/swing-analyses/user/7', {
      body: [analysis({ id: 3 }), analysis({ id: 4, technicalDetails: null }), analysis({ id: 5, technicalDetails: { error: 'no_person' } })],
    });
    renderAt('/analysis');
    expect(await screen.findByText('Analysis Complete')).toBeTruthy();
    expect(screen.getByText('Swing Analysis')).toBeTruthy();
    expect(screen.getByText('AI analysis in progress...')).toBeTruthy();
    expect(screen.getByText('Analysis Failed')).toBeTruthy();
    expect(screen.getByText('Unable to analyze video. Please try uploading again.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'View Error Details' }) as HTMLButtonElement).disabled).toBe(true);
    // One complete, one in progress, one failed: only the first is 'completed'.
    expect(screen.getByText('1 completed')).toBeTruthy();
    expect(screen.getByText('No Monthly Data Available')).toBeTruthy();
    expect(await screen.findByText('1/1 used')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Limit Reached' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: /Upgrade for Weekly Uploads/ }).getAttribute('href')).toBe('/profile#subscription');
  });

  it('deletes only after the browser confirmation, then refreshes list and averages', async () => {
    let list = [analysis({ id: 3 })];
    server.set('GET /api/swing-analyses/user/7', () => ({ body: list }));
    server.set('DELETE /api/swing-analyses/3', () => {
      list = [];
      return { status: 204 };
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderAt('/analysis');
    fireEvent.click(await screen.findByRole('button', { name: /Delete/ }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this analysis? This action cannot be undone.');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    const averagesBefore = calls.filter((c) => c.url.includes('monthly-average')).length;
    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Analysis deleted')).toBeTruthy();
    expect(await screen.findByText('No Analyses Yet')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/swing-analyses/3']);
    await waitFor(() => expect(calls.filter((c) => c.url.includes('monthly-average')).length).toBeGreaterThan(averagesBefore));
  });

  it('says so when the delete fails', async () => {
    server.set('GET /api/swing-analyses/user/7', { body: [analysis({ id: 3 })] });
    server.set('DELETE /api/swing-analyses/3', { status: 500, body: { message: 'boom' } });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAt('/analysis');
    fireEvent.click(await screen.findByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Failed to delete analysis. Please try again.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });

  it('tells a free golfer detailed analysis is free for now and part of Premium, never that it is withheld', async () => {
    server.set('GET /api/swing-analyses/user/7', { body: [analysis({ id: 3 })] });
    renderAt('/analysis');
    const notice = await screen.findByRole('region', { name: 'Premium notice' });
    // Both readings of the spec in one sentence: a Premium feature, and free at present.
    expect(notice.textContent).toContain('Detailed AI analysis is a Premium feature, included free for now.');
    expect(notice.textContent).not.toMatch(/locked|requires Premium|upgrade to (see|view)/i);
  });

  it('shows a Premium golfer no Premium notice', async () => {
    signedIn({ isPremium: true });
    server.set('GET /api/swing-analyses/user/7', { body: [analysis({ id: 3 })] });
    renderAt('/analysis');
    expect(await screen.findByText('Analysis Complete')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Premium notice' })).toBeNull();
  });

  it('says the monthly averages failed to load instead of calling them empty', async () => {
    server.set('GET /api/swing-analyses/user/7', { body: [analysis({ id: 3 })] });
    server.set('GET /api/swing-analyses/user/7/monthly-average/driver', { status: 500, body: { message: 'down' } });
    server.set('GET /api/swing-analyses/user/7/monthly-average/7-iron', { status: 500, body: { message: 'down' } });
    renderAt('/analysis');
    expect(await screen.findByText('Unable to load your monthly averages.')).toBeTruthy();
    expect(screen.queryByText('No Monthly Data Available')).toBeNull();
    // Retry asks again, and a club that then answers is shown while the other's failure is still said.
    server.set('GET /api/swing-analyses/user/7/monthly-average/driver', { body: { hasData: true, count: 2, clubSpeed: 101.25, ballSpeed: 150, smashFactor: 1.48, spinRate: 2500, carry: 240.4 } });
    fireEvent.click(within(screen.getByRole('region', { name: 'Monthly Performance Averages' })).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('101.3 mph')).toBeTruthy();
    expect(screen.getByText("One club's average could not be loaded.")).toBeTruthy();
  });

  it('reads the list again while an analysis is in progress, and shows it complete without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let list = [analysis({ id: 3, technicalDetails: null, createdAt: new Date().toISOString() })];
      server.set('GET /api/swing-analyses/user/7', () => ({ body: list }));
      renderAt('/analysis');
      expect(await screen.findByText('AI analysis in progress...')).toBeTruthy();
      const reads = () => calls.filter((c) => c.url === '/api/swing-analyses/user/7').length;
      const averageReads = () => calls.filter((c) => c.url.includes('/monthly-average/driver')).length;
      const before = averageReads();
      list = [analysis({ id: 3 })];
      await advance(2_100);
      expect(await screen.findByText('Analysis Complete')).toBeTruthy();
      // Its finish may change the averages: they are read again.
      await waitFor(() => expect(averageReads()).toBeGreaterThan(before));
      // Nothing in progress: the polling stops.
      const settled = reads();
      await advance(6_100);
      expect(reads()).toBe(settled);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a list that fails to load', async () => {
    server.set('GET /api/swing-analyses/user/7', { status: 500, body: { message: 'down' } });
    renderAt('/analysis');
    expect(await screen.findByText('Failed to load swing analyses. Please try again.')).toBeTruthy();
    // The list never arrived: no count is claimed for it.
    expect(screen.queryByText(/\d+ completed/)).toBeNull();
  });
});

describe('/analysis/{id}', () => {
  beforeEach(() => {
    signedIn();
    server.set('GET /api/swing-analyses/user/7/monthly-average/driver', noMonthly);
  });

  it('shows not found for a 404, with the way back to the list and no retry', async () => {
    renderAt('/analysis/99');
    expect(await screen.findByText('Analysis not found. Please try again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your analyses' }).getAttribute('href')).toBe('/analysis');
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });

  it.each(['abc', '0', '1.5', '99999999999999999999'])('shows not found for the malformed id %s without asking the server', async (id) => {
    renderAt(`/analysis/${id}`);
    expect(await screen.findByText('Analysis not found. Please try again.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/swing-analyses/'))).toBe(false);
  });

  it('shows not found when the server refuses the id itself (400)', async () => {
    server.set('GET /api/swing-analyses/12', { status: 400, body: { message: 'Invalid params: id must be at most 9007199254740991' } });
    renderAt('/analysis/12');
    expect(await screen.findByText('Analysis not found. Please try again.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });

  it('keeps the retry for a server error', async () => {
    server.set('GET /api/swing-analyses/3', { status: 500, body: { message: 'down' } });
    renderAt('/analysis/3');
    expect(await screen.findByText('Failed to load the analysis. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it.each([
    [{ error: 'no_person', message: 'No golfer was found in the video.' }, 'No golfer was found in the video.'],
    [{ error: 'transcode' }, 'Video analysis failed. Please try uploading again with a clearer video file.'],
  ])('shows the failure of %o with an Upload New Video button', async (technicalDetails, text) => {
    server.set('GET /api/swing-analyses/3', { body: analysis({ technicalDetails }) });
    renderAt('/analysis/3');
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Upload New Video/ }).getAttribute('href')).toBe('/upload');
  });

  it('shows the title with the relative age, the mobility scales and the video at its source', async () => {
    server.set('GET /api/swing-analyses/3', {
      body: analysis({ technicalDetails: { warnings: ['Body analysis unavailable for this clip'] }, mobilityAnalysis: { hipRotation: '45°', shoulderTurn: 'not measurable from this view', xFactor: '38°' } }),
    });
    const { container } = renderAt('/analysis/3');
    expect(await screen.findByText('Detailed Analysis')).toBeTruthy();
    expect(screen.getByText('Driver · 2 hours ago')).toBeTruthy();
    expect(screen.getByText('45°')).toBeTruthy();
    expect(screen.getByText('Not measurable from this view')).toBeTruthy();
    expect(screen.getByText('In target range')).toBeTruthy();
    expect(screen.getByText('Body analysis unavailable for this clip')).toBeTruthy();
    expect(screen.getByText('Below target')).toBeTruthy();
    const video = container.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/api/swing-analyses/3/video/face-on');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(screen.getByRole('link', { name: /Today's Workout/ }).getAttribute('href')).toBe('/daily-workout');
    // Its figures are the ones it completed with: nothing says otherwise.
    expect(screen.queryByText(/Measured again/)).toBeNull();
  });

  it("says the 30-day average failed to load rather than 'No Monthly Data Available'", async () => {
    server.set('GET /api/swing-analyses/3', { body: analysis({ clubSpeed: 100, ballSpeed: 148 }) });
    server.set('GET /api/swing-analyses/user/7/monthly-average/driver', { status: 500, body: { message: 'down' } });
    renderAt('/analysis/3');
    const card = within(await screen.findByRole('region', { name: 'Monthly Progress Tracking' }));
    expect(await card.findByText('Unable to load your 30-day average. Please try again later.')).toBeTruthy();
    expect(card.queryByText('No Monthly Data Available')).toBeNull();
  });

  it('says when a swing video cannot be loaded and loads it again on Try Again', async () => {
    const load = vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
    server.set('GET /api/swing-analyses/3', { body: analysis() });
    const { container } = renderAt('/analysis/3');
    expect(await screen.findByText('Detailed Analysis')).toBeTruthy();
    const video = container.querySelector('video')!;
    expect(screen.queryByText('The video could not be loaded. Please try again.')).toBeNull();
    fireEvent.error(video);
    const alert = within(screen.getByRole('group', { name: 'Swing review' }).closest('figure')!).getByRole('alert');
    expect(alert.textContent).toContain('The video could not be loaded. Please try again.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(load).toHaveBeenCalledTimes(1);
    fireEvent(video, new Event('loadedmetadata'));
    expect(screen.queryByText('The video could not be loaded. Please try again.')).toBeNull();
  });

  it('says when the figures were measured again from the same videos, so changed figures are not a mystery', async () => {
    server.set('GET /api/swing-analyses/3', { body: analysis({ technicalDetails: {}, measuredAgainAt: '2026-11-26T15:00:00.000Z' }) });
    renderAt('/analysis/3');
    const note = await screen.findByText(/^Measured again on /);
    expect(note.textContent).toBe(`Measured again on ${new Date('2026-11-26T15:00:00.000Z').toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' })} from the same videos, with our improved swing measurement.`);
  });
});

describe('/analysis/{id} launch monitor, key frames and skeleton', () => {
  const metric = (value: number | null, measurable = true) => ({ value, unit: 'deg' as const, measurable, confidence: 0.9, view: 'any' as const });
  const pose = {
    view: 'face-on' as const, viewMatchesSlot: true, handedness: 'right' as const, fps: 30, frameCount: 60, personFoundRatio: 1, multipleSwings: false,
    events: { address: { frame: 3, timeSec: 0.1 }, top: { frame: 30, timeSec: 1 }, impact: { frame: 40, timeSec: 1.33 }, finish: { frame: 58, timeSec: 1.93 } },
    tempo: { backswingSec: 0.9, downswingSec: 0.33, ratio: 2.7 },
    metrics: {
      shoulderTurn: metric(null, false),
      hipRotation: { ...metric(42), confidence: 0.8, note: 'Read from behind: the direction of your hips seen from above' },
      xFactor: metric(46), spineAngleAddress: metric(30), spineAngleChange: metric(3), headSway: metric(2), hipSway: metric(2),
    },
    keyframes: { address: '/kf/a.jpg', top: '/kf/t.jpg', impact: '/kf/i.jpg', finish: '/kf/f.jpg' },
    poseUrl: '/api/media/analyses/3/face-on/pose.json',
  };

  beforeEach(() => {
    signedIn();
    server.set('GET /api/swing-analyses/user/7/monthly-average/driver', { body: { hasData: true, count: 2, clubSpeed: 100, ballSpeed: 145, smashFactor: 1.45, spinRate: 2500, carry: 230 } });
  });

  it('compares with tour averages (computed here when the worker left none), reads the flight and tracks progress', async () => {
    server.set('GET /api/swing-analyses/3', { body: analysis({ clubSpeed: 104, ballSpeed: 150, carry: 240, total: 262, spinRate: 2400, clubPath: -2, faceAngle: 2 }) });
    renderAt('/analysis/3');
    expect(await screen.findByText('Launch Monitor Data')).toBeTruthy();
    for (const label of ['Club Speed', 'Ball Speed', 'Smash Factor', 'Carry', 'Total Distance', 'Spin Rate', 'Club Path', 'Face Angle']) expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    expect(screen.getByText('Slightly out-to-in')).toBeTruthy();
    expect(screen.getByText('Ball Flight Analysis')).toBeTruthy();
    // Face 2° against a path of -2°: the sign of the difference is said in words beside it.
    expect(screen.getByText(/Face to path \+4\.0° \(face open to the path\)\./)).toBeTruthy();
    expect(screen.getByText('Curve: fade')).toBeTruthy();
    // A path left of target reads with the minus sign the comparisons use, not toFixed's hyphen.
    expect(screen.getByTestId('lm-clubPath').textContent).toContain('−2.0°');
    expect(await screen.findByText('+4.0 mph')).toBeTruthy(); // club speed vs the 30-day average
    expect(screen.getByText('+10 yds')).toBeTruthy();
  });

  it('calls a slice a slice on the curve chip, as the description above it does', async () => {
    server.set('GET /api/swing-analyses/3', { body: analysis({ clubSpeed: 104, ballSpeed: 146, clubPath: -4.2, faceAngle: 1.5 }) });
    renderAt('/analysis/3');
    expect(await screen.findByText(/^Slice: starts right of target/)).toBeTruthy();
    expect(screen.getByText('Curve: slice')).toBeTruthy();
    expect(screen.queryByText('Curve: fade')).toBeNull();
  });

  it('says which picture of a split screen was measured', async () => {
    server.set('GET /api/swing-analyses/3', { body: analysis({ pose: { ...pose, sideBySide: { measured: 'left' } } }) });
    renderAt('/analysis/3');
    expect((await screen.findByTestId('side-by-side')).textContent).toBe(
      'This video shows two pictures side by side. The face-on one, on the left, was measured: upload each view as its own video to have both read.',
    );
    expect(screen.queryByTestId('others-left-out')).toBeNull();
  });

  // A body the video hides (a net's strands, a dark outline against the light): the card says so, each body figure
  // says why once, and the other cause's note stays away.
  it.each([
    {
      cause: 'through a net', flag: { throughNet: true }, testId: 'through-net', other: 'against-the-light',
      note: 'Not measured reliably: the video was filmed through a net, and its strands across your body hide where your shoulders and hips are. Film from beside the net, with nothing between the phone and you.',
      card: "This video was filmed through a net, so only the swing's timing was measured. Film from beside the net to have your body read.",
      reason: /^The video was filmed through a net, and its strands across your body hide where your shoulders and hips are\./,
    },
    {
      cause: 'against the light', flag: { againstTheLight: true }, testId: 'against-the-light', other: 'through-net',
      note: 'Not measured reliably: the video was filmed against the light, so your body shows as a dark outline, without the shading that tells which way your shoulders and hips face. Film with the light behind the phone, not behind you.',
      card: "This video was filmed against the light, so your body showed as a dark outline and only the swing's timing was measured. Film with the light behind the phone to have your body read.",
      reason: /^The video was filmed against the light, so your body shows as a dark outline/,
    },
  ])('says a video filmed $cause had only its timing measured, and why under each body figure once', async ({ flag, testId, other, note, card, reason }) => {
    const hidden = { ...metric(null, false), confidence: 0, withheld: 'uncertain' as const, note };
    const metrics = { ...pose.metrics, shoulderTurn: hidden, hipRotation: hidden, xFactor: hidden, spineAngleAddress: hidden, spineAngleChange: hidden, headSway: hidden, hipSway: hidden };
    server.set('GET /api/swing-analyses/3', { body: analysis({ pose: { ...pose, metrics, ...flag } }) });
    renderAt('/analysis/3');
    expect((await screen.findByTestId(testId)).textContent).toBe(card);
    expect(screen.queryByTestId(other)).toBeNull();
    const turns = ['shoulderTurn', 'hipRotation', 'xFactor'].map((key) => screen.getByTestId(`mobility-${key}`));
    for (const turn of turns) expect(within(turn).getByText('Not measured reliably')).toBeTruthy();
    // The reason is said in full under the first turn shown, and the others point at it.
    const [first, ...rest] = turns.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    expect(within(first!).getByText(reason)).toBeTruthy();
    for (const turn of rest) expect(within(turn).getByText('For the same reason as above.')).toBeTruthy();
  });

  it('says which swing was measured when the clip holds more than one, flags a video in the wrong slot and a figure not measured reliably', async () => {
    const uncertain = { ...metric(null, false), confidence: 0.1, withheld: 'uncertain' as const, note: BELOW_BAR_WORDS };
    const shaky = { ...metric(38), confidence: 0.42, note: 'Read from the front' };
    const metrics = { ...pose.metrics, hipRotation: uncertain, xFactor: shaky };
    server.set('GET /api/swing-analyses/3', { body: analysis({ pose: { ...pose, metrics, multipleSwings: true, viewMatchesSlot: false, othersLeftOut: true } }) });
    renderAt('/analysis/3');
    expect(await screen.findByText('More than one swing was found; the fastest one (top at 1.00s) was measured.')).toBeTruthy();
    expect(screen.getByTestId('others-left-out').textContent).toMatch(/Someone else was swinging in the picture\. They were left out/);
    expect(screen.getByText(/This video looks like a face-on view/)).toBeTruthy();
    // A figure the video was too unsteady for is not blamed on the camera angle, and says why in plain words.
    const hips = within(screen.getByTestId('mobility-hipRotation'));
    expect(hips.getByText('Not measured reliably')).toBeTruthy();
    // The reason follows the badge without saying the badge's words a second time.
    expect(hips.getByText(/^The frames of this video gave readings of it too far apart to settle on one figure\. Good light, a phone held still/)).toBeTruthy();
    expect(hips.queryByText(/Not measured reliably:/)).toBeNull();
    // A figure under the confidence bar (an older analysis) is not shown as a number.
    const x = within(screen.getByTestId('mobility-xFactor'));
    expect(x.queryByText('38°')).toBeNull();
    expect(x.getByText('Not measured reliably')).toBeTruthy();
    expect(within(screen.getByTestId('mobility-shoulderTurn')).getByText('Not measurable from this view')).toBeTruthy();
  });

  it('says once, in how each figure was measured, which videos a figure read from both of them came from', async () => {
    // The measurement journey's golfer: hips read from both videos and averaged; shoulders past the front
    // view's limit, taken from behind; the X-factor their difference.
    const faceOn = { ...pose, metrics: { ...pose.metrics, shoulderTurn: { ...metric(78.7), confidence: 0.7, note: 'Read from the front: how far your lead shoulder travels' }, hipRotation: { ...metric(39), confidence: 0.6, note: 'Read from the front: how much narrower your hips look' } } };
    const dtl = { ...pose, view: 'down-the-line' as const, metrics: { ...pose.metrics, shoulderTurn: { ...metric(95.2), confidence: 0.9, note: 'Read from behind: which way your shoulders point' }, hipRotation: { ...metric(44), confidence: 0.8, note: 'Read from behind: the direction of your hips' } } };
    server.set('GET /api/swing-analyses/3', { body: analysis({ pose: faceOn, downTheLinePose: dtl }) });
    renderAt('/analysis/3');
    const panel = async (key: string) => (await screen.findByTestId(`mobility-${key}`)).querySelector('details')!.textContent!;
    expect(await panel('hipRotation')).toMatch(/^How this was measuredRead from both of your videos and averaged/);
    expect(await panel('shoulderTurn')).toMatch(/^How this was measuredRead from behind, where the whole turn shows/);
    for (const key of ['hipRotation', 'shoulderTurn']) expect(await panel(key), key).not.toContain('From both videos.');
    // The X-factor's note does not say where it was read: the line under it does.
    expect(await panel('xFactor')).toContain('From both videos. How sure:');
  });

  it('writes the one reason both postures are withheld from the front once, under the first, and points the second at it', async () => {
    const fromTheFront = { ...metric(null, false), withheld: 'view' as const, note: 'Forward bend is seen from the side: a down-the-line video measures it.' };
    const metrics = { ...pose.metrics, spineAngleAddress: fromTheFront, spineAngleChange: fromTheFront };
    server.set('GET /api/swing-analyses/3', { body: analysis({ pose: { ...pose, metrics } }) });
    renderAt('/analysis/3');
    const lean = within(await screen.findByTestId('body-spineAngleAddress'));
    expect(lean.getByText('Not measurable from this view')).toBeTruthy();
    expect(lean.getByText(fromTheFront.note)).toBeTruthy();
    const impact = within(screen.getByTestId('body-spineAngleChange'));
    expect(impact.getByText('Not measurable from this view')).toBeTruthy();
    expect(impact.queryByText(fromTheFront.note)).toBeNull();
    // The second row still says why, by pointing at the reason rather than repeating it.
    expect(impact.getByText('For the same reason as above.')).toBeTruthy();
    expect(screen.getAllByText(fromTheFront.note)).toHaveLength(1);
  });

  it('does not time a slow-motion clip, and says why; a real-time video beside it times the tempo', async () => {
    const slow = { ...pose, tempo: { backswingSec: null, downswingSec: null, ratio: 2.1 }, slowMotion: { factor: 3.2 } };
    server.set('GET /api/swing-analyses/3', { body: analysis({ pose: slow }) });
    const { unmount } = renderAt('/analysis/3');
    expect((await screen.findByTestId('tempo-not-timed')).textContent).toMatch(/^This video plays in slow motion\. Phones often slow down only part of a clip/);
    // Not how much slower: a real downswing lasts 0.18-0.5 s, so the motion cannot tell (contracts REAL_DOWNSWING_SEC).
    expect(screen.getByTestId('tempo-not-timed').textContent).not.toMatch(/times/);
    expect(screen.queryByText('2.1 : 1')).toBeNull();
    expect(screen.queryByText('Backswing')).toBeNull();
    // Its key frames' times are the slow video's, and say so (a 1.6 s 'downswing' between them is not real).
    expect(screen.getByText('The times are in the slow-motion video, not real time.')).toBeTruthy();
    unmount();
    // A slow-motion face-on video beside a real-time down-the-line one: the tempo is the latter's.
    server.set('GET /api/swing-analyses/3', { body: analysis({ pose: slow, downTheLinePose: { ...pose, view: 'down-the-line' } }) });
    renderAt('/analysis/3');
    const card = within(await screen.findByRole('region', { name: 'Tempo and View' }));
    expect(card.getByText('2.7 : 1')).toBeTruthy();
    // With two videos the badge says which one the tempo was timed from, not which view "the" analysis is.
    expect(card.getByText('Timed from the down-the-line video')).toBeTruthy();
    expect(card.queryByText(/^View:/)).toBeNull();
    expect(card.queryByTestId('tempo-not-timed')).toBeNull();
  });

  it('says how far a tempo read from 30 fps could be from its figure, and that the camera cannot tell where it cannot', async () => {
    const events = { address: { frame: 21, timeSec: 0.7 }, top: { frame: 43, timeSec: 1.433 }, impact: { frame: 49, timeSec: 1.633 }, finish: { frame: 70, timeSec: 2.333 } };
    server.set('GET /api/swing-analyses/3', { body: analysis({ pose: { ...pose, events, tempo: { backswingSec: 0.733, downswingSec: 0.2, ratio: 3.67 } } }) });
    const { unmount } = renderAt('/analysis/3');
    expect(await screen.findByText('3.7 : 1')).toBeTruthy();
    expect(screen.getByTestId('tempo-reach').textContent).toBe('At 30 frames a second this could be anywhere from 3.0 to 4.6 : 1. Film at 60 frames a second or more to tell it from the tour’s rhythm.');
    unmount();
    // Inside the tour band (the fixture's 2.7 : 1) the reach is still said: one decimal is more than 30 fps gives.
    server.set('GET /api/swing-analyses/3', { body: analysis({ pose }) });
    const second = renderAt('/analysis/3');
    expect(await screen.findByText('2.7 : 1')).toBeTruthy();
    expect(screen.getByTestId('tempo-reach').textContent).toBe('At 30 frames a second a frame either way makes this 2.4 to 3.1 : 1.');
    second.unmount();
    // From 60 frames a second a frame either way moves it little, and nothing more is said.
    server.set('GET /api/swing-analyses/3', { body: analysis({ pose: { ...pose, fps: 60 } }) });
    renderAt('/analysis/3');
    expect(await screen.findByText('2.7 : 1')).toBeTruthy();
    expect(screen.queryByTestId('tempo-reach')).toBeNull();
    // Nobody was left out of this one, and nothing says so.
    expect(screen.queryByTestId('others-left-out')).toBeNull();
    expect(screen.queryByTestId('side-by-side')).toBeNull();
  });

  /** The detail page's workout focus card for an analysis with these texts (the focus-area rule reads them). */
  async function focusCard(texts: Pick<SwingAnalysis, 'mobilityAnalysis' | 'analysisResults' | 'exerciseRecommendations'>) {
    server.set('GET /api/swing-analyses/3', { body: analysis({ pose, ...texts }) });
    renderAt('/analysis/3');
    return within(await screen.findByRole('region', { name: 'Workout Focus' }));
  }

  it('shows the workout focus areas the figures selected, why each suits this swing, and its exercises as links into the library', async () => {
    const card = await focusCard({
      mobilityAnalysis: { shoulderTurn: '70°', hipRotation: 'not measurable from this view', xFactor: 'not measurable from this view', spineAngle: 'not measurable from this view' },
      analysisResults: { balance: 'Stable and centred (head about a quarter of a head-width away from the target)' },
      exerciseRecommendations: [{ category: 'Thoracic Spine Mobility', why: 'A freer upper back lets the shoulders turn fully.', exercises: ['Open Book', 'Quadruped Thoracic Rotation'] }],
    });
    const areas = card.getAllByTestId('focus-area');
    expect(areas.map((a) => a.querySelector('b')!.textContent)).toEqual(['Thoracic Spine Mobility', 'Shoulder Mobility & Stability', 'Core Control & Rotational Strength', 'Lower Body Stability & Strength']);
    // The write-up's reason names what was measured; the rule's words would say it a second time.
    expect(within(areas[0]!).getByText('A freer upper back lets the shoulders turn fully.')).toBeTruthy();
    expect(within(areas[0]!).queryByText(/chosen because/i)).toBeNull();
    const links = within(areas[0]!).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Open Book', '/exercises?search=Open+Book'],
      ['Quadruped Thoracic Rotation', '/exercises?search=Quadruped+Thoracic+Rotation'],
    ]);
    // An area the write-up gave no reason for says which rule chose it.
    expect(within(areas[1]!).getByText('Chosen because your shoulder turn is under 75°.')).toBeTruthy();
    // How the last two came in is said once, above the areas, not under each of them.
    expect(card.getByText('Your workout builds on these four areas: the first two come from this analysis, and every workout covers the other two as well.')).toBeTruthy();
    expect(within(areas[2]!).queryByText(/chosen|covers/i)).toBeNull();
  });

  it('says once, not under each area, that nothing pointed away from the standard four', async () => {
    const card = await focusCard({
      mobilityAnalysis: { shoulderTurn: '90°', hipRotation: '45°', xFactor: '45°', spineAngle: 'maintained' },
      analysisResults: { balance: 'Stable and centred' },
      exerciseRecommendations: [],
    });
    expect(card.getAllByTestId('focus-area').map((a) => a.querySelector('b')!.textContent)).toEqual(['Core Control & Rotational Strength', 'Lower Body Stability & Strength', 'Thoracic Spine Mobility', 'Pelvic Mobility & Control']);
    expect(card.getByText('Nothing in this analysis pointed to one area, so your workout builds on the standard four.')).toBeTruthy();
    expect(card.queryByText(/chosen/i)).toBeNull();
  });

  it('shows key frames with their times and loads the pose track only when the skeleton is switched on', async () => {
    server.set('GET /api/swing-analyses/3', { body: analysis({ pose }) });
    server.set(`GET ${pose.poseUrl}`, { body: { fps: 30, width: 360, height: 640, frames: [], connections: [] } });
    renderAt('/analysis/3');
    expect(await screen.findByText('Key Frames')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'impact position' }).getAttribute('src')).toBe('/kf/i.jpg');
    expect(screen.getByRole('button', { name: 'Show impact at 1.33 seconds' }).closest('figure')!.querySelector('figcaption')!.textContent).toBe('impact1.33s');
    expect(screen.getByText('2.7 : 1')).toBeTruthy();
    expect(screen.getByText('Not measurable from this view')).toBeTruthy();
    // How a measured figure was read, in plain words, one tap away.
    const hips = within(screen.getByTestId('mobility-hipRotation'));
    expect(hips.getByText('How this was measured')).toBeTruthy();
    expect(hips.getByText('Read from behind: the direction of your hips seen from above')).toBeTruthy();
    expect(hips.getByText('How sure: high.')).toBeTruthy();
    expect(calls.some((c) => c.url === pose.poseUrl)).toBe(false);
    fireEvent.click(screen.getByLabelText('Show skeleton'));
    await waitFor(() => expect(calls.some((c) => c.url === pose.poseUrl)).toBe(true));
  });

  it('times the backswing and downswing as the key frames show them, so the seconds add up', async () => {
    // The shared face-on clip at 30 fps: address at frame 22, top 44, impact 50 (0.733 s, 1.467 s, 1.667 s).
    const events = { address: { frame: 22, timeSec: 0.733 }, top: { frame: 44, timeSec: 1.467 }, impact: { frame: 50, timeSec: 1.667 }, finish: { frame: 62, timeSec: 2.067 } };
    server.set('GET /api/swing-analyses/3', { body: analysis({ pose: { ...pose, events, tempo: { backswingSec: 0.733, downswingSec: 0.2, ratio: 3.67 } } }) });
    renderAt('/analysis/3');
    const strip = within(await screen.findByRole('region', { name: 'Key Frames' }));
    expect(strip.getAllByRole('button').map((b) => b.closest('figure')!.querySelector('figcaption span')!.textContent)).toEqual(['0.73s', '1.47s', '1.67s', '2.07s']);
    const tempo = within(screen.getByRole('region', { name: 'Tempo and View' }));
    // 1.47 - 0.73: not the 0.73 s the frames' own times round to.
    expect(tempo.getByText('Backswing').previousElementSibling!.textContent).toBe('0.74s');
    expect(tempo.getByText('Downswing').previousElementSibling!.textContent).toBe('0.20s');
    expect(tempo.getByText('3.7 : 1')).toBeTruthy();
  });

  it('keeps the finish tile for a video stopped just after impact, saying it was not filmed', async () => {
    const { finish: _finish, ...noFinish } = pose.keyframes;
    server.set('GET /api/swing-analyses/3', { body: analysis({ pose: { ...pose, keyframes: noFinish, endsBeforeFinish: true } }) });
    renderAt('/analysis/3');
    const strip = within(await screen.findByRole('region', { name: 'Key Frames' }));
    expect(strip.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Show address at 0.10 seconds', 'Show top at 1.00 seconds', 'Show impact at 1.33 seconds']);
    expect(strip.getByRole('img', { name: 'The video stops before the finish' }).textContent).toBe('Not filmed');
  });

  it('steps the video a frame at a time and slows it down for review', async () => {
    server.set('GET /api/swing-analyses/3', { body: analysis({ pose: { ...pose, fps: 60 } }) });
    const { container } = renderAt('/analysis/3');
    expect(await screen.findByText('Key Frames')).toBeTruthy();
    const video = container.querySelector('video')!;
    const paused = vi.spyOn(video, 'pause').mockImplementation(() => undefined);
    video.currentTime = 1;
    fireEvent.click(screen.getByRole('button', { name: 'Next frame' }));
    expect(Math.floor(video.currentTime * 60)).toBe(61);
    fireEvent.click(screen.getByRole('button', { name: 'Previous frame' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous frame' }));
    expect(Math.floor(video.currentTime * 60)).toBe(59);
    expect(paused).toHaveBeenCalledTimes(3);
    fireEvent.click(screen.getByRole('button', { name: /Playback speed 1×/ }));
    expect(video.playbackRate).toBe(0.5);
    fireEvent.click(screen.getByRole('button', { name: /Playback speed 0.5×/ }));
    expect(video.playbackRate).toBe(0.25);
    fireEvent.click(screen.getByRole('button', { name: /Playback speed 0.25×/ }));
    expect(video.playbackRate).toBe(1);
  });

  it('names a video by the view the camera had, not the slot it was uploaded in', async () => {
    // A down-the-line clip uploaded as the face-on video: the tempo card says 'View: Down-the-line'.
    server.set('GET /api/swing-analyses/3', { body: analysis({ pose: { ...pose, view: 'down-the-line' as const, viewMatchesSlot: false } }) });
    const { container } = renderAt('/analysis/3');
    expect(await screen.findByText('View: Down-the-line')).toBeTruthy();
    expect(Array.from(container.querySelectorAll('figcaption.an-strong')).map((f) => f.textContent)).toEqual(['Down-the-Line']);
    expect(screen.queryByText('Face-On')).toBeNull();
  });

  it('shows the down-the-line key frames too, each strip seeking its own video', async () => {
    const dtl = { ...pose, view: 'down-the-line' as const, keyframes: { address: '/kf/dtl-a.jpg', top: '/kf/dtl-t.jpg', impact: '/kf/dtl-i.jpg', finish: '/kf/dtl-f.jpg' }, poseUrl: null };
    const videos = { downTheLineVideoUrl: '/api/swing-analyses/3/video/down-the-line', posterUrl: '/p/fo.jpg', downTheLinePosterUrl: '/p/dtl.jpg' };
    server.set('GET /api/swing-analyses/3', { body: analysis({ pose, downTheLinePose: dtl, ...videos }) });
    const { container } = renderAt('/analysis/3');
    expect(await screen.findByText('Key Frames · Face-On')).toBeTruthy();
    expect(screen.getByText('Key Frames · Down-the-Line')).toBeTruthy();
    const [faceOnVideo, dtlVideo] = Array.from(container.querySelectorAll('video'));
    // Each video shows its own still before it plays (a clip can start on a black frame).
    expect([faceOnVideo!.getAttribute('poster'), dtlVideo!.getAttribute('poster')]).toEqual(['/p/fo.jpg', '/p/dtl.jpg']);
    for (const v of [faceOnVideo!, dtlVideo!]) {
      vi.spyOn(v, 'pause').mockImplementation(() => undefined);
      v.scrollIntoView = vi.fn(); // jsdom has no layout
    }
    const strip = screen.getByRole('region', { name: 'Key Frames · Down-the-Line' });
    fireEvent.click(within(strip).getByRole('button', { name: /Show impact/ }));
    expect(dtlVideo!.currentTime).toBeCloseTo(1.33, 2);
    expect(faceOnVideo!.currentTime).toBe(0);
    expect(dtlVideo!.scrollIntoView).toHaveBeenCalled();
  });
});

describe('/analysis-loading/{id}', () => {
  beforeEach(() => signedIn());

  it('goes to the results one second after the analysis completes', async () => {
    server.set('GET /api/swing-analyses/5?status_only=true', { body: { isComplete: true, hasError: false, status: 'complete', technicalDetails: {}, mobilityAnalysis: null } });
    server.set('GET /api/swing-analyses/5', { body: analysis({ id: 5 }) });
    server.set('GET /api/swing-analyses/user/7/monthly-average/driver', noMonthly);
    renderAt('/analysis-loading/5');
    expect(screen.getByText(/takes up to 30 seconds/)).toBeTruthy();
    expect(await screen.findByText('100%')).toBeTruthy();
    expect(screen.queryByText('Detailed Analysis')).toBeNull();
    expect(await screen.findByText('Detailed Analysis', undefined, { timeout: 2500 })).toBeTruthy();
  });

  it("reads today's workout again once the analysis completes, so a Premium golfer going straight to it sees the newer analysis", async () => {
    // A client that trusts its cache, holding the workout opened before this upload (cached an hour).
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, queryFn: ({ queryKey }) => apiGet(String(queryKey[0])) } } });
    client.setQueryData(['/api/daily-workout/7'], { analysisId: 2, newerAnalysisAvailable: false });
    client.setQueryData(['/api/swing-analyses/user/7'], [analysis({ id: 5, status: 'processing' })]);
    client.setQueryData(['/api/leaderboard'], []);
    server.set('GET /api/swing-analyses/5?status_only=true', { body: { isComplete: true, hasError: false, status: 'complete', technicalDetails: {}, mobilityAnalysis: null } });
    renderAt('/analysis-loading/5', client);
    expect(await screen.findByText('100%')).toBeTruthy();
    await waitFor(() => expect(client.getQueryState(['/api/daily-workout/7'])?.isInvalidated).toBe(true));
    expect(client.getQueryState(['/api/swing-analyses/user/7'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['/api/leaderboard'])?.isInvalidated).toBe(false);
  });

  it.each([
    ['hasError', { status: 200, body: { isComplete: false, hasError: true, status: 'failed', technicalDetails: { error: 'x' }, mobilityAnalysis: null } }],
    ['a fetch error', { status: 500, body: { message: 'down' } }],
  ])('shows the failure card on %s', async (_label, answer) => {
    server.set('GET /api/swing-analyses/5?status_only=true', answer);
    renderAt('/analysis-loading/5');
    expect(await screen.findByText("We couldn't process your swing video. This might be due to video quality or processing issues.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Analysis Results' }).getAttribute('href')).toBe('/analysis/5');
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/upload');
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('reads the upload allowance again after a failure, so Try Again opens a working upload form', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      // A client that trusts its cache (nothing is read again unless made stale), holding the spent allowance.
      const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, queryFn: ({ queryKey }) => apiGet(String(queryKey[0])) } } });
      const spent = uploadStatus({ isFreeLimitReached: true, canUploadDriver: false, canUploadSevenIron: false, videoUploadsUsed: 1 });
      client.setQueryData(['/api/upload-status/7'], spent);
      let returned = false;
      server.set('GET /api/upload-status/7', () => ({ body: returned ? uploadStatus() : spent }));
      server.set('GET /api/swing-analyses/5?status_only=true', { body: { isComplete: false, hasError: true, status: 'failed', technicalDetails: { error: 'No golf swing was detected in the video' }, mobilityAnalysis: null } });
      renderAt('/analysis-loading/5', client);
      expect(await screen.findByText("This upload doesn't count, so you can upload again.")).toBeTruthy();
      await waitFor(() => expect(client.getQueryState(['/api/upload-status/7'])?.isInvalidated).toBe(true));

      // The gateway gives the upload back a moment later; the golfer taps Try Again.
      returned = true;
      fireEvent.click(screen.getByRole('link', { name: 'Try Again' }));
      expect(await screen.findByText('Upload Swing Video')).toBeTruthy();
      expect(screen.queryByText('Upload Limit Reached')).toBeNull();
      // Read again once more after the settle time, for screens already showing the allowance.
      const reads = calls.filter((c) => c.url === '/api/upload-status/7').length;
      await advance(3_100);
      expect(calls.filter((c) => c.url === '/api/upload-status/7').length).toBeGreaterThan(reads);
    } finally {
      vi.useRealTimers();
    }
  });

  it("says the worker's reason when the analysis failed, and no longer promises 30 seconds", async () => {
    const reason = 'No golfer was found in the video. Film the whole body in good light.';
    server.set('GET /api/swing-analyses/5?status_only=true', { body: { isComplete: false, hasError: true, status: 'failed', technicalDetails: { error: 'no-golfer', message: reason }, mobilityAnalysis: null } });
    renderAt('/analysis-loading/5');
    expect((await screen.findByTestId('failure-reason')).textContent).toBe(reason);
    expect(screen.getByText(/couldn't process your swing video/)).toBeTruthy();
    expect(screen.queryByText(/takes up to 30 seconds/)).toBeNull();
  });

  it('adds no reason when the worker gave none or only the connection failed', async () => {
    server.set('GET /api/swing-analyses/5?status_only=true', { body: { isComplete: false, hasError: true, status: 'failed', technicalDetails: { error: 'x' }, mobilityAnalysis: null } });
    renderAt('/analysis-loading/5');
    expect(await screen.findByText(/couldn't process your swing video/)).toBeTruthy();
    expect(screen.queryByTestId('failure-reason')).toBeNull();
  });

  it('does not say the upload came back when only the connection failed', async () => {
    server.set('GET /api/swing-analyses/5?status_only=true', { status: 500, body: { message: 'down' } });
    renderAt('/analysis-loading/5');
    expect(await screen.findByText(/couldn't process your swing video/)).toBeTruthy();
    expect(screen.queryByText(/This upload doesn't count/)).toBeNull();
  });

  it('polls every 2 seconds while the analysis runs', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      server.set('GET /api/swing-analyses/5?status_only=true', { body: { isComplete: false, hasError: false, status: 'processing', technicalDetails: null, mobilityAnalysis: null } });
      renderAt('/analysis-loading/5');
      const polls = () => calls.filter((c) => c.url === '/api/swing-analyses/5?status_only=true').length;
      await waitFor(() => expect(polls()).toBe(1));
      await advance(6_100);
      expect(polls()).toBe(4);
      expect(screen.queryByText(/couldn't process/)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up after 60 seconds without an answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      server.set('GET /api/swing-analyses/5?status_only=true', { body: { isComplete: false, hasError: false, status: 'processing', technicalDetails: null, mobilityAnalysis: null } });
      renderAt('/analysis-loading/5');
      await advance(59_000);
      expect(screen.queryByText(/couldn't process/)).toBeNull();
      expect(screen.getByText('95%')).toBeTruthy();
      await advance(1_500);
      expect(screen.getByText(/couldn't process/)).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps checking after the clock gives up, and opens the results of an analysis that finishes late', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let state: 'processing' | 'complete' = 'processing';
      server.set('GET /api/swing-analyses/5?status_only=true', () => ({
        body: { isComplete: state === 'complete', hasError: false, status: state, technicalDetails: state === 'complete' ? {} : null, mobilityAnalysis: null },
      }));
      server.set('GET /api/swing-analyses/5', { body: analysis({ id: 5 }) });
      server.set('GET /api/swing-analyses/user/7/monthly-average/driver', noMonthly);
      renderAt('/analysis-loading/5');
      await advance(61_000);
      expect(screen.getByText(/couldn't process/)).toBeTruthy();
      expect(screen.getByText(/this page keeps checking and opens your results/)).toBeTruthy();
      expect(screen.queryByText(/This upload doesn't count/)).toBeNull();

      // The swing was only queued behind other uploads: it completes, and the golfer is taken to it.
      state = 'complete';
      await advance(2_100);
      expect(screen.getByText('Analysis complete!')).toBeTruthy();
      await advance(1_100);
      await waitFor(() => expect(screen.getByText('Detailed Analysis')).toBeTruthy());
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['the server says the analysis failed', { body: { isComplete: false, hasError: true, status: 'failed', technicalDetails: { error: 'x' }, mobilityAnalysis: null } }],
    // A deleted analysis, or a link to another golfer's: the status read is refused for good.
    ['the server says the analysis is not there (404)', { status: 404, body: { message: 'Analysis not found' } }],
  ])('neither promises nor polls for results once %s', async (_case, answer) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      server.set('GET /api/swing-analyses/5?status_only=true', answer);
      renderAt('/analysis-loading/5');
      expect(await screen.findByText(/couldn't process/)).toBeTruthy();
      expect(screen.queryByText(/keeps checking/)).toBeNull();
      const polls = () => calls.filter((c) => c.url === '/api/swing-analyses/5?status_only=true').length;
      const before = polls();
      await advance(10_000);
      expect(polls()).toBe(before);
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes to the results 30 seconds after technical details appear, even if never marked complete', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      server.set('GET /api/swing-analyses/5?status_only=true', { body: { isComplete: false, hasError: false, status: 'processing', technicalDetails: { stages: [] }, mobilityAnalysis: null } });
      server.set('GET /api/swing-analyses/5', { body: analysis({ id: 5 }) });
      server.set('GET /api/swing-analyses/user/7/monthly-average/driver', noMonthly);
      renderAt('/analysis-loading/5');
      await advance(29_000);
      expect(screen.queryByText('Detailed Analysis')).toBeNull();
      await advance(2_000);
      await waitFor(() => expect(screen.getByText('Detailed Analysis')).toBeTruthy());
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when the upload status cannot be loaded, and reads it again on Try Again', async () => {
    let failing = true;
    server.set('GET /api/upload-status/7', () => (failing ? { status: 500, body: { message: 'boom' } } : { body: uploadStatus() }));
    renderAt('/upload');
    // An alert, as every screen's failure is: it was a plain paragraph a screen reader never announced.
    expect((await screen.findByRole('alert')).textContent).toContain('Unable to load your upload status. Please try again.');
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Upload Swing Video')).toBeTruthy();
  });

  it('sends a visit without an id to /upload', async () => {
    server.set('GET /api/upload-status/7', { body: uploadStatus() });
    renderAt('/analysis-loading');
    expect(await screen.findByText('Upload Swing Video')).toBeTruthy();
  });
});

describe('a read that fails after the data arrived (window focus, a poll, a refresh)', () => {
  const client = () => new QueryClient({ defaultOptions: { queries: { retry: false, queryFn: ({ queryKey }) => apiGet(String(queryKey[0])) } } });

  it.each([
    // A server hiccup keeps the analysis on screen; an analysis gone meanwhile (deleted in another tab) is not found.
    { failure: 500, shows: 'Detailed Analysis', hides: 'Failed to load the analysis. Please try again.' },
    { failure: 404, shows: 'Analysis not found. Please try again.', hides: 'Detailed Analysis' },
  ])('on /analysis/{id}, a re-read answered $failure shows $shows', async ({ failure, shows, hides }) => {
    signedIn();
    server.set('GET /api/swing-analyses/user/7/monthly-average/driver', noMonthly);
    server.set('GET /api/swing-analyses/3', { body: analysis() });
    const c = client();
    renderAt('/analysis/3', c);
    expect(await screen.findByText('Detailed Analysis')).toBeTruthy();
    server.set('GET /api/swing-analyses/3', { status: failure, body: { message: 'down' } });
    await act(() => c.refetchQueries({ queryKey: ['/api/swing-analyses/3'] }));
    expect(await screen.findByText(shows)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(hides)).toBeNull();
  });

  it('keeps the history on /analysis instead of swapping it for the load error', async () => {
    signedIn();
    server.set('GET /api/swing-analyses/user/7', { body: [analysis()] });
    server.set('GET /api/upload-status/7', { body: uploadStatus() });
    server.set('GET /api/swing-analyses/user/7/monthly-average/driver', noMonthly);
    server.set('GET /api/swing-analyses/user/7/monthly-average/7-iron', noMonthly);
    const c = client();
    renderAt('/analysis', c);
    expect(await screen.findByTestId('analysis-card')).toBeTruthy();
    expect(await screen.findByText('0/1 used')).toBeTruthy();
    server.set('GET /api/swing-analyses/user/7', { status: 500, body: { message: 'down' } });
    server.set('GET /api/upload-status/7', { status: 500, body: { message: 'down' } });
    await act(() => c.refetchQueries());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Failed to load swing analyses. Please try again.')).toBeNull();
    expect(screen.getByTestId('analysis-card')).toBeTruthy();
    expect(screen.getByText('1 completed')).toBeTruthy();
    expect(screen.queryByText('Unable to load your upload status.')).toBeNull();
    expect(screen.getByText('0/1 used')).toBeTruthy();
  });
});

/** The home screen's upload and latest-analysis cards, reading the stub server. */
function renderHomeCards() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, queryFn: ({ queryKey }) => apiGet(String(queryKey[0])) } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <HomeVideoUploads />
        <LatestAnalysisCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('home cards', () => {
  it('shows premium club cards: uploaded this week, or an Upload Now link with the club', async () => {
    signedIn({ isPremium: true });
    server.set('GET /api/upload-status/7', { body: uploadStatus({ isPremium: true, canUploadDriver: false, weeklyDriverUploaded: true, videoUploadsLimit: 999 }) });
    server.set('GET /api/swing-analyses/user/7', { body: [analysis({ id: 3, clubSpeed: 101.25 })] });
    renderHomeCards();
    expect(await screen.findByText('Uploaded ✓')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Completed' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Upload Now' }).getAttribute('href')).toBe('/upload?club=7-iron');
    expect(await screen.findByText('101.3 mph')).toBeTruthy();
    expect(screen.getByRole('link', { name: /View Full Analysis/ }).getAttribute('href')).toBe('/analysis');
  });
});

describe('the Premium upload week on a phone west of Chicago', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('names Sunday as the reset day: the week turns at midnight Central Time, Saturday evening in Los Angeles', async () => {
    process.env.TZ = 'America/Los_Angeles';
    signedIn({ isPremium: true });
    // Sunday 17 May 2026, 00:00 in Chicago (CDT) = Saturday 16 May, 22:00 in Los Angeles.
    server.set('GET /api/upload-status/7', { body: uploadStatus({ isPremium: true, videoUploadsLimit: 999, weekResetsAt: '2026-05-17T05:00:00.000Z' }) });
    server.set('GET /api/swing-analyses/user/7', { body: [] });
    renderHomeCards();
    expect(await screen.findByText(/Resets Sunday at midnight \(Central Time\), next on Sun, May 17\./)).toBeTruthy();
  });
});

describe('home cards that fail to load', () => {
  it('offer Try Again for the analyses and the upload status, and recover with it', async () => {
    signedIn();
    server.set('GET /api/upload-status/7', { status: 500, body: { message: 'down' } });
    server.set('GET /api/swing-analyses/user/7', { status: 500, body: { message: 'down' } });
    renderHomeCards();
    const uploads = within(await screen.findByRole('region', { name: 'Video Uploads' }));
    const latest = within(screen.getByRole('region', { name: 'Latest Analysis Results' }));
    expect(await uploads.findByText('Unable to load your upload status.')).toBeTruthy();
    expect(await latest.findByText('Failed to load swing analyses. Please try again.')).toBeTruthy();
    server.set('GET /api/upload-status/7', { body: uploadStatus() });
    server.set('GET /api/swing-analyses/user/7', { body: [analysis({ id: 3, clubSpeed: 101.25 })] });
    fireEvent.click(uploads.getByRole('button', { name: 'Try Again' }));
    fireEvent.click(latest.getByRole('button', { name: 'Try Again' }));
    expect(await uploads.findByText('0/1 used')).toBeTruthy();
    expect(await latest.findByText('101.3 mph')).toBeTruthy();
  });
});

describe('/upload', () => {
  it('shows the gate when the free upload is used', async () => {
    signedIn();
    server.set('GET /api/upload-status/7', { body: uploadStatus({ isFreeLimitReached: true, videoUploadsUsed: 1 }) });
    renderAt('/upload');
    expect(await screen.findByText('Upload Limit Reached')).toBeTruthy();
    expect(screen.getByText("You've used your free video upload. Upgrade to premium for weekly uploads.")).toBeTruthy();
    expect(screen.getByRole('link', { name: /Upgrade Now/ }).getAttribute('href')).toBe('/profile#subscription');
    expect(screen.getByRole('link', { name: 'Return to Dashboard' }).getAttribute('href')).toBe('/');
  });

  it('shows the weekly gate for premium with both clubs used', async () => {
    signedIn({ isPremium: true });
    server.set('GET /api/upload-status/7', { body: uploadStatus({ isPremium: true, canUploadDriver: false, canUploadSevenIron: false, weeklyDriverUploaded: true, weeklySevenIronUploaded: true }) });
    renderAt('/upload');
    expect(await screen.findByText('Weekly Upload Limit Reached')).toBeTruthy();
  });

  it('says how to film for a good reading, the down-the-line advice only where the golfer can upload one', async () => {
    signedIn();
    server.set('GET /api/upload-status/7', { body: uploadStatus() });
    const { unmount } = renderAt('/upload');
    const tips = within(await screen.findByTestId('filming-tips'));
    expect(tips.getByText('How to film for the best reading')).toBeTruthy();
    expect(tips.getByText(/Film in real time, at 60 frames a second .*: a slow-motion video is measured, but its tempo cannot be timed\./)).toBeTruthy();
    expect(tips.getByText(/keep filming until you hold your finish/)).toBeTruthy();
    expect(tips.queryByText(/down-the-line video/)).toBeNull();
    unmount();
    signedIn({ isPremium: true });
    server.set('GET /api/upload-status/7', { body: uploadStatus({ isPremium: true }) });
    renderAt('/upload');
    expect(within(await screen.findByTestId('filming-tips')).getByText(/Add a down-the-line video .*: it measures your whole shoulder turn and your posture\./)).toBeTruthy();
  });

  it('preselects the club from the query, locks down-the-line for free users and refuses a submit without a video', async () => {
    signedIn();
    server.set('GET /api/upload-status/7', { body: uploadStatus() });
    renderAt('/upload?club=7-iron');
    const iron = (await screen.findByRole('radio', { name: /7-Iron/ })) as HTMLInputElement;
    expect(iron.checked).toBe(true);
    expect(screen.getByText('Down-the-line analysis is available with Premium.')).toBeTruthy();
    expect(screen.queryByLabelText(/Total distance/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Upload & Analyze/ }));
    const toast = within(await screen.findByTestId('toast'));
    expect(toast.getByText('Face-On Video Required')).toBeTruthy();
    expect(toast.getByText('Please upload a face-on view video to proceed.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('rejects a picked file that is not a video', async () => {
    signedIn();
    server.set('GET /api/upload-status/7', { body: uploadStatus() });
    renderAt('/upload');
    const input = (await screen.findByTestId('faceOnVideo-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.pdf', { type: 'application/pdf' })] } });
    expect(within(await screen.findByTestId('toast')).getByText('Selected file is not a video')).toBeTruthy();
    expect(screen.queryByText(/notes\.pdf/)).toBeNull();
  });

  it("says 'Video Added' when a picked video passes the checks (section 8)", async () => {
    signedIn();
    server.set('GET /api/upload-status/7', { body: uploadStatus() });
    renderAt('/upload');
    const input = (await screen.findByTestId('faceOnVideo-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['swing'], 'swing.mp4', { type: 'video/mp4' })] } });
    expect(await screen.findByText('Video Added')).toBeTruthy();
    expect(screen.getByText('Face-on video swing.mp4 is ready to upload.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('/upload while the video is on its way', () => {
  /** An XMLHttpRequest whose answer the test gives when it chooses (the upload uses XHR for its progress). */
  class HeldXhr {
    static last: HeldXhr | undefined;
    status = 0;
    responseText = '';
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    withCredentials = false;
    open() {}
    send() {
      HeldXhr.last = this;
    }
    getResponseHeader() {
      return null;
    }
    answer(status: number, body: unknown) {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    }
  }

  it('leaves a golfer who went elsewhere where they are when the upload finishes, and tells them it arrived', async () => {
    vi.stubGlobal('XMLHttpRequest', HeldXhr);
    signedIn({ isPremium: true });
    server.set('GET /api/upload-status/7', { body: uploadStatus({ isPremium: true }) });
    renderAt('/upload?club=driver');
    const input = (await screen.findByTestId('faceOnVideo-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['swing'], 'swing.mp4', { type: 'video/mp4' })] } });
    fireEvent.click(screen.getByRole('button', { name: /Upload & Analyze/ }));
    await waitFor(() => expect(HeldXhr.last).toBeDefined());
    // Mid-upload the golfer taps Back: the upload carries on, the golfer goes home.
    fireEvent.click(screen.getByRole('link', { name: /Back/ }));
    expect(await screen.findByText('HOME')).toBeTruthy();
    act(() => HeldXhr.last!.answer(201, { id: 12, status: 'pending' }));
    // The pick's 'Video Added' toast is up already: wait for the upload's own toast to replace it.
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Upload Successful!'));
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByText('Analyzing Your Swing')).toBeNull();
    expect(screen.getByText('HOME')).toBeTruthy();
  });

  it("keeps the golfer's form (picked video, typed age) when the upload fails and the upload status then fails to load too", async () => {
    vi.stubGlobal('XMLHttpRequest', HeldXhr);
    signedIn({ isPremium: true });
    server.set('GET /api/upload-status/7', { body: uploadStatus({ isPremium: true }) });
    renderAt('/upload?club=driver');
    const input = (await screen.findByTestId('faceOnVideo-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['swing'], 'swing.mp4', { type: 'video/mp4' })] } });
    fireEvent.change(screen.getByLabelText(/Age/), { target: { value: '41' } });
    // The server goes down: the upload fails, and so does the upload status read again after it.
    server.set('GET /api/upload-status/7', { status: 500, body: { message: 'down' } });
    fireEvent.click(screen.getByRole('button', { name: /Upload & Analyze/ }));
    await waitFor(() => expect(HeldXhr.last).toBeDefined());
    act(() => HeldXhr.last!.answer(500, { message: 'down' }));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Upload Failed'));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/upload-status/7')).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Unable to load your upload status. Please try again.')).toBeNull();
    expect(screen.getByText(/swing\.mp4/)).toBeTruthy();
    expect((screen.getByLabelText(/Age/) as HTMLInputElement).value).toBe('41');
    expect(screen.getByRole('button', { name: /Upload & Analyze/ })).toBeTruthy();
  });

  it('still goes to the analysis progress when the golfer waited on the upload screen', async () => {
    vi.stubGlobal('XMLHttpRequest', HeldXhr);
    signedIn({ isPremium: true });
    server.set('GET /api/upload-status/7', { body: uploadStatus({ isPremium: true }) });
    server.set('GET /api/swing-analyses/12?status_only=true', { body: { isComplete: false, hasError: false, status: 'processing', technicalDetails: null, mobilityAnalysis: null } });
    renderAt('/upload?club=driver');
    const input = (await screen.findByTestId('faceOnVideo-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['swing'], 'swing.mp4', { type: 'video/mp4' })] } });
    fireEvent.click(screen.getByRole('button', { name: /Upload & Analyze/ }));
    await waitFor(() => expect(HeldXhr.last).toBeDefined());
    act(() => HeldXhr.last!.answer(201, { id: 12, status: 'pending' }));
    expect(await screen.findByText('Analyzing Your Swing')).toBeTruthy();
  });
});

describe('the swing assessment card', () => {
  it('says calmly that nothing needs fixing, under a check, when there is no weakness and no key issue', async () => {
    const { SwingAssessmentCard } = await import('../src/components/analysis/DetailSections');
    render(<SwingAssessmentCard strengths={['A full shoulder turn.']} weaknesses={[]} keyIssues={[]} recommendations={['Keep it up.']} />);
    const calm = screen.getByRole('heading', { name: 'Areas to Improve' });
    expect(calm.className).toContain('an-delta-up');
    expect(screen.getByText('Nothing measured needs fixing.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Key Issues' })).toBeNull();
  });

  it('lists weaknesses and key issues under their own headings when there are some', async () => {
    const { SwingAssessmentCard } = await import('../src/components/analysis/DetailSections');
    render(<SwingAssessmentCard strengths={[]} weaknesses={['Hips turn little.']} keyIssues={['Restricted hip turn.']} recommendations={[]} />);
    expect(screen.getByRole('heading', { name: 'Areas to Improve' }).className).toContain('an-amber');
    expect(screen.getByRole('heading', { name: 'Key Issues' })).toBeTruthy();
    expect(screen.queryByText('Nothing measured needs fixing.')).toBeNull();
  });
});
