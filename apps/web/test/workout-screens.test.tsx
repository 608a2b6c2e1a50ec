import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NOT_IN_TODAYS_WORKOUT, centralDate, type DailyWorkout, type ExerciseLogEntry, type WorkoutExercise } from '@swingfit/contracts';
import { apiGet } from '../src/api/client';
import { stubServer, type FakeServer } from './fake-server';
import { Toaster } from '../src/components/ui';
import { resetToasts } from '../src/components/ui/toast';
import { DailyWorkoutScreen } from '../src/screens/workout/DailyWorkoutScreen';
import { ANALYSING_TEXT } from '../src/screens/workout/WorkoutStates';
import { WORKOUT_DAY_OVER_TEXT, WORKOUT_REBUILD_FAILED, completionToastText, historyDate, loggedText, splitHistory, workoutRetry, workoutStaleTime } from '../src/screens/workout/logic';
import { ApiError } from '../src/api/client';
import { makeUser } from './helpers';

/* The workout screen against a stand-in server: a table of "METHOD url" -> answer behind fetch. */

let server: FakeServer['routes'];
let calls: FakeServer['calls'];

beforeEach(() => {
  ({ routes: server, calls } = stubServer());
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const exercise = (id: number, name: string, over: Partial<WorkoutExercise> = {}): WorkoutExercise => ({
  id, name, category: 'Thoracic Spine Mobility', libraryCategory: 'mobility', target: 'Thoracic rotators', description: `${name} described.`,
  instructions: ['Step one.', 'Step two.', 'Step three.'], coachingCues: ['Cue one.', 'Cue two.'], videoId: null, youtubeId: null, videoTitle: null, videoDuration: null,
  duration: 150, difficulty: 2, sets: 2, repetitions: 10, equipment: 'Mat', imageUrl: '/exercise-art/thoracic-spine-mobility.svg', isPremium: false, ...over,
});

const workout = (over: Partial<DailyWorkout> = {}): DailyWorkout => ({
  workoutDate: '2026-03-02', analysisId: 3, newerAnalysisAvailable: false,
  focusAreas: ['Thoracic Spine Mobility', 'Pelvic Mobility & Control', 'Shoulder Mobility & Stability', 'Core Control & Rotational Strength'],
  exercises: [exercise(1, 'Open Book'), exercise(2, 'Goblet Squat', { libraryCategory: 'strength', isPremium: true }), exercise(3, 'Hip Airplane', { libraryCategory: 'balance' })],
  completedExercises: [], progress: { completed: 0, total: 3, percentage: 0 }, isPremium: true, ...over,
});

function renderScreen(premium = true, monthlyPoints = 145) {
  server.set('GET /api/auth/user', { body: makeUser({ isPremium: premium, monthlyPoints }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, queryFn: ({ queryKey }) => apiGet(String(queryKey[0])) } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/daily-workout']}>
        <Routes>
          <Route path="/daily-workout" element={<DailyWorkoutScreen />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

const card = (name: string) => screen.getAllByTestId('exercise-card').find((c) => c.getAttribute('data-exercise') === name)!;

describe('/daily-workout states', () => {
  it('shows the header with the back link and the monthly points button to the leaderboard', async () => {
    server.set('GET /api/daily-workout/7', { body: workout() });
    renderScreen(true, 1234);
    await screen.findByText('Workout Overview');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("Today's Workout");
    expect(screen.getByLabelText('Back to Home').getAttribute('href')).toBe('/');
    const points = screen.getByLabelText(/1234 monthly points/);
    expect(points.getAttribute('href')).toBe('/leaderboard');
    expect(points.textContent).toContain('1,234');
  });

  it('shows the no-analysis state with the upload link', async () => {
    server.set('GET /api/daily-workout/7', { body: workout({ analysisId: null, exercises: [], focusAreas: [], progress: { completed: 0, total: 0, percentage: 0 } }) });
    renderScreen();
    await screen.findByText('No Swing Analysis Available');
    expect(screen.getByRole('link', { name: 'Upload Swing Video' }).getAttribute('href')).toBe('/upload');
  });

  it('reads the workout again on the next visit after saying there is no analysis, not an hour later', async () => {
    const today = centralDate(new Date());
    server.set('GET /api/auth/user', { body: makeUser({ isPremium: true }) });
    server.set('GET /api/daily-workout/7', { body: workout({ workoutDate: today, analysisId: null, exercises: [], focusAreas: [], progress: { completed: 0, total: 0, percentage: 0 } }) });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, queryFn: ({ queryKey }) => apiGet(String(queryKey[0])) } } });
    const visit = () =>
      render(
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/daily-workout']}>
            <DailyWorkoutScreen />
          </MemoryRouter>
        </QueryClientProvider>,
      );
    const first = visit();
    await screen.findByText('No Swing Analysis Available');
    first.unmount();
    // The first analysis completes; the golfer taps Today's Workout again.
    server.set('GET /api/daily-workout/7', { body: workout({ workoutDate: today }) });
    visit();
    await screen.findByText('Workout Overview');
  });

  it('says a golfer\'s upload is still being analyzed, and shows the workout once it is done', async () => {
    const running = { id: 9, userId: 7, createdAt: new Date().toISOString(), status: 'processing', clubSelection: 'driver', technicalDetails: null };
    server.set('GET /api/swing-analyses/user/7', { body: [running] });
    server.set('GET /api/daily-workout/7', { body: workout({ analysisId: null, exercises: [], focusAreas: [], progress: { completed: 0, total: 0, percentage: 0 } }) });
    renderScreen(false);
    await screen.findByText(ANALYSING_TEXT);
    expect(screen.getByText('No Swing Analysis Available')).toBeTruthy();
    // Not 'Upload Swing Video': a free golfer's one upload is the one being analyzed.
    expect(screen.queryByRole('link', { name: 'Upload Swing Video' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View Your Analysis' }).getAttribute('href')).toBe('/analysis');
    server.set('GET /api/swing-analyses/user/7', { body: [{ ...running, status: 'complete', technicalDetails: { overall: 'ok' } }] });
    server.set('GET /api/daily-workout/7', { body: workout({ isPremium: false }) });
    await screen.findByText('Workout Overview', {}, { timeout: 5000 });
  });

  it('shows the creating state while loading', async () => {
    server.set('GET /api/daily-workout/7', () => ({ body: workout() }));
    renderScreen();
    await screen.findByText('Creating Your Workout');
    expect(screen.getByText('Analyzing your swing to create personalized exercises...')).toBeTruthy();
  });

  it('shows the limit screen on a 403 with requiresUpgrade, without retrying', async () => {
    server.set('GET /api/daily-workout/7', { status: 403, body: { message: 'Workout view limit reached', requiresUpgrade: true } });
    renderScreen(false);
    await screen.findByText('Daily Workout Limit Reached');
    expect(screen.getByText("You've used your free daily workout view. Upgrade to premium for unlimited access to personalized workouts.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe('/subscribe');
    expect(calls.filter((c) => c.url === '/api/daily-workout/7')).toHaveLength(1);
  });

  it('shows the error state with Try Again after one retry', async () => {
    let n = 0;
    server.set('GET /api/daily-workout/7', () => (++n <= 2 ? { status: 500, body: { message: 'Internal server error' } } : { body: workout() }));
    renderScreen();
    await screen.findByText('Error Loading Workout', {}, { timeout: 4000 });
    expect(screen.getByText('Failed to fetch daily workout')).toBeTruthy();
    expect(n).toBe(2); // the first call and one retry after 1 s
    // The spec's label exactly: 'Try Again' (it read 'Try again').
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByText('Workout Overview');
  });

  it('shows Workout Generation Failed with a reload for an empty workout', async () => {
    server.set('GET /api/daily-workout/7', { body: workout({ exercises: [], progress: { completed: 0, total: 0, percentage: 0 } }) });
    server.set('POST /api/generate-workout', { body: workout() });
    renderScreen();
    await screen.findByText('Workout Generation Failed');
    expect(screen.getByText('Unable to create your personalized workout. Please try again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /reload workout/i }));
    await screen.findByText('Workout Overview');
  });

  it('says so when Reload Workout fails, instead of a spinner that stops and nothing else', async () => {
    server.set('GET /api/daily-workout/7', { body: workout({ exercises: [], progress: { completed: 0, total: 0, percentage: 0 } }) });
    server.set('POST /api/generate-workout', { status: 500, body: { message: 'Internal server error' } });
    renderScreen();
    await screen.findByText('Workout Generation Failed');
    fireEvent.click(screen.getByRole('button', { name: /reload workout/i }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain(WORKOUT_REBUILD_FAILED);
    expect(screen.getByRole('button', { name: /reload workout/i })).toBeTruthy();
  });

  it('says so when updating the workout to the newer analysis fails', async () => {
    server.set('GET /api/daily-workout/7', { body: workout({ newerAnalysisAvailable: true }) });
    server.set('POST /api/generate-workout', { status: 500, body: { message: 'Internal server error' } });
    renderScreen();
    await screen.findByText('Workout Overview');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain(WORKOUT_REBUILD_FAILED);
    expect(screen.getByText('Workout Overview')).toBeTruthy();
  });
});

describe('/daily-workout loaded', () => {
  it('lists the focus areas, the equipment note, the progress ring and each card with its category icon', async () => {
    server.set('GET /api/daily-workout/7', { body: workout({ completedExercises: ['Open Book'], progress: { completed: 1, total: 3, percentage: 33 } }) });
    renderScreen();
    await screen.findByText('Workout Overview');
    for (const area of workout().focusAreas) expect(screen.getByText(area, { selector: 'li' })).toBeTruthy();
    expect(screen.getByText(/bodyweight and resistance bands instead of the equipment shown/)).toBeTruthy();
    expect(screen.getByTestId('workout-progress').getAttribute('aria-valuenow')).toBe('33');
    expect(within(card('Open Book')).getByRole('img', { name: 'Mobility' })).toBeTruthy();
    expect(within(card('Goblet Squat')).getByRole('img', { name: 'Strength' })).toBeTruthy();
    expect(within(card('Hip Airplane')).getByRole('img', { name: 'Stability' })).toBeTruthy();
  });

  it('gives a Premium golfer Sets/Reps/Weight (3/12/25), Watch, View History and Complete; Done locks the inputs', async () => {
    server.set('GET /api/daily-workout/7', { body: workout({ completedExercises: ['Open Book'], progress: { completed: 1, total: 3, percentage: 33 } }) });
    renderScreen();
    await screen.findByText('Workout Overview');
    const open = within(card('Goblet Squat'));
    expect(open.getByLabelText('Sets').getAttribute('placeholder')).toBe('3');
    expect(open.getByLabelText('Reps').getAttribute('placeholder')).toBe('12');
    expect(open.getByLabelText('Weight (lbs)').getAttribute('placeholder')).toBe('25');
    for (const name of ['Watch', 'View History', 'Complete']) expect((open.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(false);
    const done = within(card('Open Book'));
    expect((done.getByRole('button', { name: 'Done' }) as HTMLButtonElement).disabled).toBe(true);
    expect((done.getByLabelText('Sets') as HTMLInputElement).disabled).toBe(true);
    // Locked, the hints would read as logged figures (the Done card's own are in its history).
    for (const label of ['Sets', 'Reps', 'Weight (lbs)']) expect(done.getByLabelText(label).getAttribute('placeholder')).toBeNull();
  });

  it('gives a free golfer the Premium Feature box and disabled buttons', async () => {
    server.set('GET /api/daily-workout/7', { body: workout({ isPremium: false }) });
    renderScreen(false);
    await screen.findByText('Workout Overview');
    const c = within(card('Open Book'));
    expect(c.getByText('Premium Feature')).toBeTruthy();
    // Section 2: the box's link leads to the profile (its Subscription card).
    expect(c.getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe('/profile#subscription');
    expect(c.queryByLabelText('Sets')).toBeNull();
    for (const name of ['Watch', 'View History', 'Complete']) expect((c.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('completes with the entered numbers, shows the toast for 4 s and turns the button to Done', async () => {
    server.set('GET /api/daily-workout/7', { body: workout() });
    server.set('POST /api/daily-workout/complete', { body: { progress: { completed: 1, total: 3, percentage: 33 }, pointsAwarded: 6, alreadyCompleted: false, completedExercises: ['Goblet Squat'], streakWeeks: 3 } });
    renderScreen();
    await screen.findByText('Workout Overview');
    const c = within(card('Goblet Squat'));
    fireEvent.change(c.getByLabelText('Sets'), { target: { value: '3' } });
    fireEvent.change(c.getByLabelText('Reps'), { target: { value: '12' } });
    fireEvent.change(c.getByLabelText('Weight (lbs)'), { target: { value: '25' } });
    // The refresh after completing reads the workout again: by then the server has it done.
    server.set('GET /api/daily-workout/7', { body: workout({ completedExercises: ['Goblet Squat'], progress: { completed: 1, total: 3, percentage: 33 } }) });
    fireEvent.click(c.getByRole('button', { name: 'Complete' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Exercise Completed!');
    expect(toast.textContent).toContain('Progress: 1/3 exercises (33%) +6 points!');
    await waitFor(() => expect(within(card('Goblet Squat')).getByRole('button', { name: 'Done' })).toBeTruthy());
    const post = calls.find((x) => x.method === 'POST' && x.url === '/api/daily-workout/complete')!;
    expect(JSON.parse(String(post.body))).toEqual({ exerciseName: 'Goblet Squat', sets: 3, reps: 12, weight: 25 });
    // Afterwards the workout (and the user) are read again from the server.
    await waitFor(() => expect(calls.filter((x) => x.method === 'GET' && x.url === '/api/daily-workout/7').length).toBeGreaterThanOrEqual(2));
    expect(calls.filter((x) => x.url === '/api/auth/user').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the new monthly points in the header once the award reaches the user record after the answer', async () => {
    server.set('GET /api/daily-workout/7', { body: workout() });
    server.set('POST /api/daily-workout/complete', { body: { progress: { completed: 1, total: 3, percentage: 33 }, pointsAwarded: 6, alreadyCompleted: false, completedExercises: ['Open Book'], streakWeeks: 3 } });
    renderScreen(true, 145);
    await screen.findByText('Workout Overview');
    expect(screen.getByRole('link', { name: /145 monthly points/ })).toBeTruthy();
    // The server's ledger records the award a moment after the completion answers: the read straight after
    // it still has 145, a later one 151.
    let reads = 0;
    server.set('GET /api/auth/user', () => ({ body: makeUser({ isPremium: true, monthlyPoints: ++reads <= 1 ? 145 : 151 }) }));
    fireEvent.click(within(card('Open Book')).getByRole('button', { name: 'Complete' }));
    await screen.findByTestId('toast');
    await waitFor(() => expect(screen.getByRole('link', { name: /151 monthly points/ })).toBeTruthy(), { timeout: 4000 });
  });

  it('keeps each Complete busy until its own answer when a second is tapped before the first answers', async () => {
    server.set('GET /api/daily-workout/7', { body: workout() });
    renderScreen();
    await screen.findByText('Workout Overview');
    // The server holds each completion until the test answers it.
    const answers: Array<(r: Response) => void> = [];
    const served = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST' ? new Promise<Response>((resolve) => answers.push(resolve)) : served(input, init),
    );
    const done = (names: string[]) =>
      new Response(JSON.stringify({ progress: { completed: names.length, total: 3, percentage: 33 * names.length }, pointsAwarded: 5, alreadyCompleted: false, completedExercises: names, streakWeeks: 1 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    const busy = (name: string) => within(card(name)).getByRole('button', { name: /Complete|Done/ }).getAttribute('aria-busy') === 'true';
    fireEvent.click(within(card('Open Book')).getByRole('button', { name: 'Complete' }));
    fireEvent.click(within(card('Hip Airplane')).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(answers).toHaveLength(2));
    expect([busy('Open Book'), busy('Hip Airplane')]).toEqual([true, true]);
    answers[1]!(done(['Hip Airplane']));
    await waitFor(() => expect(busy('Hip Airplane')).toBe(false));
    expect(busy('Open Book')).toBe(true);
    answers[0]!(done(['Hip Airplane', 'Open Book']));
    await waitFor(() => expect(busy('Open Book')).toBe(false));
    await waitFor(() => expect(screen.getAllByTestId('toast').map((t) => t.textContent).join(' ')).toContain('Progress: 2/3'));
  });

  it('shows the error toast when completing fails', async () => {
    server.set('GET /api/daily-workout/7', { body: workout() });
    server.set('POST /api/daily-workout/complete', { status: 500, body: { message: 'Internal server error' } });
    renderScreen();
    await screen.findByText('Workout Overview');
    fireEvent.click(within(card('Open Book')).getByRole('button', { name: 'Complete' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to complete exercise. Please try again.');
    expect(within(card('Open Book')).getByRole('button', { name: 'Complete' })).toBeTruthy();
  });

  it("keeps the workout, and the numbers typed into other cards, when reading it again after a completion fails", async () => {
    server.set('GET /api/daily-workout/7', { body: workout() });
    server.set('POST /api/daily-workout/complete', { body: { progress: { completed: 1, total: 3, percentage: 33 }, pointsAwarded: 6, alreadyCompleted: false, completedExercises: ['Open Book'], streakWeeks: 3 } });
    renderScreen();
    await screen.findByText('Workout Overview');
    fireEvent.change(within(card('Goblet Squat')).getByLabelText('Sets'), { target: { value: '4' } });
    server.set('GET /api/daily-workout/7', { status: 500, body: { message: 'Internal server error' } });
    fireEvent.click(within(card('Open Book')).getByRole('button', { name: 'Complete' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Exercise Completed!');
    // The refresh after completing fails (first call and its one retry after 1 s).
    await waitFor(() => expect(calls.filter((x) => x.method === 'GET' && x.url === '/api/daily-workout/7').length).toBe(3), { timeout: 3000 });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Error Loading Workout')).toBeNull();
    expect(within(card('Open Book')).getByRole('button', { name: 'Done' })).toBeTruthy();
    expect((within(card('Goblet Squat')).getByLabelText('Sets') as HTMLInputElement).value).toBe('4');
  });

  it('reloads the new day’s workout when Complete comes after midnight Central Time, and says so', async () => {
    server.set('GET /api/daily-workout/7', { body: workout() });
    // Midnight passed while the screen was open: the server's today has another workout.
    server.set('POST /api/daily-workout/complete', { status: 400, body: { message: NOT_IN_TODAYS_WORKOUT } });
    renderScreen();
    await screen.findByText('Workout Overview');
    server.set('GET /api/daily-workout/7', { body: workout({ workoutDate: '2026-03-03', exercises: [exercise(4, 'Cat Cow')], progress: { completed: 0, total: 1, percentage: 0 } }) });
    fireEvent.click(within(card('Open Book')).getByRole('button', { name: 'Complete' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain(WORKOUT_DAY_OVER_TEXT);
    await waitFor(() => expect(screen.getAllByTestId('exercise-card').map((c) => c.getAttribute('data-exercise'))).toEqual(['Cat Cow']));
  });

  it('opens the video dialog: no video means the written steps instead', async () => {
    server.set('GET /api/daily-workout/7', { body: workout() });
    renderScreen();
    await screen.findByText('Workout Overview');
    fireEvent.click(within(card('Open Book')).getByRole('button', { name: 'Watch' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('No video available for this exercise.')).toBeTruthy();
    expect(within(dialog).getByText('Step one.')).toBeTruthy();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('embeds a catalog video on the privacy-enhanced host, or falls back to the thumbnail link', async () => {
    const withVideo = exercise(1, 'Open Book', { youtubeId: 'AbCdEfGhIj0', videoId: 'https://www.youtube.com/watch?v=AbCdEfGhIj0', videoTitle: 'Open Book walkthrough' });
    server.set('GET /api/daily-workout/7', { body: workout({ exercises: [withVideo, exercise(2, 'Other', { youtubeId: 'AbCdEfGhIj9' })] }) });
    server.set('GET /api/youtube/embed/AbCdEfGhIj0', { body: { embedUrl: 'https://www.youtube-nocookie.com/embed/AbCdEfGhIj0', title: 'Open Book walkthrough', watchUrl: 'https://www.youtube.com/watch?v=AbCdEfGhIj0' } });
    server.set('GET /api/youtube/embed/AbCdEfGhIj9', { status: 403, body: { message: 'This video is not in the exercise catalog' } });
    renderScreen();
    await screen.findByText('Workout Overview');
    fireEvent.click(within(card('Open Book')).getByRole('button', { name: 'Watch' }));
    const dialog = await screen.findByRole('dialog');
    const frame = await waitFor(() => {
      const found = dialog.querySelector('iframe');
      if (!found) throw new Error('no player yet');
      return found;
    });
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/AbCdEfGhIj0');
    expect(within(dialog).getByText('Loading video...')).toBeTruthy();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);

    fireEvent.click(within(card('Other')).getByRole('button', { name: 'Watch' }));
    const fallback = await screen.findByText('Click to watch on YouTube');
    const link = fallback.closest('a')!;
    expect(link.getAttribute('href')).toBe('https://www.youtube.com/watch?v=AbCdEfGhIj9');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByText(/Opens in new tab/)).toBeTruthy();
    expect(link.querySelector('img')!.getAttribute('src')).toBe('https://i.ytimg.com/vi/AbCdEfGhIj9/hqdefault.jpg');
  });

  it("offers Try Again when the exercise history fails to load ('Failed to fetch exercise history')", async () => {
    server.set('GET /api/daily-workout/7', { body: workout() });
    server.set('GET /api/exercise-logs/user/authenticated/history/Open%20Book', { status: 500, body: { message: 'Internal server error' } });
    renderScreen();
    await screen.findByText('Workout Overview');
    fireEvent.click(within(card('Open Book')).getByRole('button', { name: 'View History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open Book - History' });
    await within(dialog).findByText('Failed to fetch exercise history');
    server.set('GET /api/exercise-logs/user/authenticated/history/Open%20Book', { body: [] });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    await within(dialog).findByText('No workout history found for this exercise.');
  });

  it('opens the history dialog with the TODAY block and past entries, or the empty states', async () => {
    const entries: ExerciseLogEntry[] = [
      { id: 2, exerciseName: 'Goblet Squat', workoutDate: '2026-03-02', sets: 3, reps: 12, weight: 25, duration: null, notes: null, createdAt: '2026-03-02T16:00:00Z' },
      { id: 1, exerciseName: 'Goblet Squat', workoutDate: '2026-02-23', sets: 2, reps: 10, weight: 0, duration: null, notes: 'Easy day', createdAt: '2026-02-23T16:00:00Z' },
    ];
    server.set('GET /api/daily-workout/7', { body: workout() });
    server.set('GET /api/exercise-logs/user/authenticated/history/Goblet%20Squat', { body: entries });
    server.set('GET /api/exercise-logs/user/authenticated/history/Open%20Book', { body: [] });
    renderScreen();
    await screen.findByText('Workout Overview');
    fireEvent.click(within(card('Goblet Squat')).getByRole('button', { name: 'View History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Goblet Squat - History' });
    await within(dialog).findByText('TODAY');
    expect(within(dialog).getByText('3 sets · 12 reps · 25 lbs')).toBeTruthy();
    expect(within(dialog).getByText('MONDAY, FEBRUARY 23, 2026')).toBeTruthy();
    expect(within(dialog).getByText('2 sets · 10 reps')).toBeTruthy();
    expect(within(dialog).getByText('Easy day')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(within(card('Open Book')).getByRole('button', { name: 'View History' }));
    const empty = await screen.findByRole('dialog', { name: 'Open Book - History' });
    await within(empty).findByText('No workout history found for this exercise.');
    expect(within(empty).getByText('This is your first time doing this exercise!')).toBeTruthy();
  });
});

describe('workout logic', () => {
  it('writes the completion toast of section 8', () => {
    expect(completionToastText({ progress: { completed: 2, total: 6, percentage: 33 }, pointsAwarded: 8 })).toBe('Progress: 2/6 exercises (33%) +8 points!');
  });
  it('keeps the workout an hour, but not past the Central Time day it was built for', () => {
    const fivePmChicago = new Date('2026-03-02T23:00:00Z');
    expect(workoutStaleTime(workout({ workoutDate: '2026-03-02' }), fivePmChicago)).toBe(60 * 60_000);
    // 00:30 in Chicago (06:30 UTC) is already the next day there, whatever the phone's own zone says.
    expect(workoutStaleTime(workout({ workoutDate: '2026-03-02' }), new Date('2026-03-03T06:30:00Z'))).toBe(0);
    expect(workoutStaleTime(undefined, fivePmChicago)).toBe(60 * 60_000);
    expect(workoutStaleTime(workout({ workoutDate: '2026-03-02', analysisId: null }), fivePmChicago)).toBe(0);
  });

  it('retries once, never after a 403', () => {
    expect(workoutRetry(0, new ApiError(500, '500: x', undefined))).toBe(true);
    expect(workoutRetry(1, new ApiError(500, '500: x', undefined))).toBe(false);
    expect(workoutRetry(0, new ApiError(403, '403: x', { requiresUpgrade: true }))).toBe(false);
  });
  it('writes history dates in uppercase long form and weight only above 0', () => {
    expect(historyDate('2026-03-02')).toBe('MONDAY, MARCH 2, 2026');
    expect(loggedText({ sets: 1, reps: 8, weight: 0 })).toBe('1 set · 8 reps');
    expect(loggedText({ sets: 3, reps: 12, weight: 25 })).toBe('3 sets · 12 reps · 25 lbs');
    const split = splitHistory([{ workoutDate: '2026-03-02' }, { workoutDate: '2026-03-01' }] as ExerciseLogEntry[], '2026-03-02');
    expect([split.today.length, split.past.length]).toEqual([1, 1]);
  });
});
