import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { centralMonth, type DailyPoints, type LeaderboardEntry } from '@swingfit/contracts';
import { AUTH_USER_KEY } from '../src/hooks/useAuth';
import { DAILY_POINTS_KEY, LEADERBOARD_KEY, monthlyPositionKey } from '../src/api/points';
import { LeaderboardScreen } from '../src/screens/points/LeaderboardScreen';
import { HowPointsWorkScreen } from '../src/screens/points/HowPointsWorkScreen';
import { dailyChart, ordinal, place, pointsToNextPlace, positionNote } from '../src/screens/points/logic';
import { RETRY_LABEL } from '../src/components/ui';
import { makeUser, testQueryClient, wrap } from './helpers';

const entry = (id: number, firstName: string | null, monthlyPoints: number, rank: number, city: string | null = null, state: string | null = null): LeaderboardEntry => ({ id, firstName, city, state, monthlyPoints, rank });
const BOARD = [entry(3, 'Cal', 90, 1), entry(7, 'Ann', 60, 2), entry(4, 'Dee', 60, 2), entry(5, 'Eve', 40, 4, 'Austin', 'TX'), entry(6, null, 0, 5)];
const month = centralMonth(new Date()).date;
const CHART: DailyPoints = { month, days: [{ date: month, points: 10 }, { date: `${month.slice(0, 8)}02`, points: 0 }, { date: `${month.slice(0, 8)}03`, points: 25 }] };

function renderBoard(fill: { board?: LeaderboardEntry[]; position?: { position: number; monthlyPoints: number }; failing?: boolean } = {}) {
  const client = testQueryClient({ failing: fill.failing });
  const user = makeUser({ id: 7, monthlyPoints: 60, weeklyPoints: 25, totalPoints: 410, streak: 3 });
  client.setQueryData(AUTH_USER_KEY, user);
  if (fill.board) client.setQueryData(LEADERBOARD_KEY, fill.board);
  if (fill.position) client.setQueryData(monthlyPositionKey(7), fill.position);
  client.setQueryData(DAILY_POINTS_KEY, CHART);
  return render(wrap(<LeaderboardScreen />, client, '/leaderboard'));
}

function renderBoardWithClient(fill: { board?: LeaderboardEntry[]; position?: { position: number; monthlyPoints: number }; failing?: boolean }) {
  const client = testQueryClient({ failing: fill.failing });
  client.setQueryData(AUTH_USER_KEY, makeUser({ id: 7, monthlyPoints: 60 }));
  if (fill.board) client.setQueryData(LEADERBOARD_KEY, fill.board);
  if (fill.position) client.setQueryData(monthlyPositionKey(7), fill.position);
  client.setQueryData(DAILY_POINTS_KEY, CHART);
  return { client, ...render(wrap(<LeaderboardScreen />, client, '/leaderboard')) };
}

describe('leaderboard screen', () => {
  it('shows my position, the top 3 highlighted, other rankings from 4th, my summary and the chart', () => {
    renderBoard({ board: BOARD, position: { position: 2, monthlyPoints: 60 } });
    expect(screen.getByTestId('my-position').textContent).toBe('2nd');
    expect(screen.getByText('60 points this month · 31 more to pass 1st')).toBeTruthy();
    const podium = screen.getAllByTestId('top-three');
    expect(podium.map((p) => p.textContent)).toEqual([expect.stringContaining('Cal'), expect.stringContaining('Ann (You)'), expect.stringContaining('Dee')]);
    const rows = within(screen.getByLabelText('Other Rankings')).getAllByTestId('ranking-row');
    // A golfer without points this month is listed, not ranked.
    expect(rows.map((r) => r.textContent)).toEqual(['4EEveAustin, TX40', '–UGolfer0']);
    const summary = screen.getByLabelText('Your Points Summary');
    expect(summary.textContent).toContain('25This Week');
    expect(summary.textContent).toContain('410All Time');
    expect(summary.textContent).toContain('3-week streak · 1.25x points · 6 per exercise');
    expect(screen.getByTestId('points-chart').getAttribute('aria-label')).toMatch(/^Points on 2 days of \w+ \d{4}; best day the 3rd with 25\.$/);
    // The month's points are said once, by Your Position: not again in the summary or the chart's caption.
    expect(summary.textContent).not.toContain('This Month');
    expect(summary.textContent).not.toContain('60');
    expect(screen.getByRole('link', { name: 'How Points Work' }).getAttribute('href')).toBe('/how-points-work');
  });

  it('keeps golfers tied inside the top 3 beyond the podium in the top 3, highlighted, never under Other Rankings', () => {
    const tied = [entry(3, 'Cal', 20, 1), entry(4, 'Dee', 20, 1), entry(5, 'Eve', 20, 1), entry(7, 'Ann', 20, 1), entry(6, 'Fay', 10, 5)];
    renderBoard({ board: tied, position: { position: 1, monthlyPoints: 20 } });
    const top = within(screen.getByLabelText('Top 3')).getAllByTestId('top-three');
    expect(top.map((p) => p.textContent)).toEqual([expect.stringContaining('Cal'), expect.stringContaining('Dee'), expect.stringContaining('Eve'), expect.stringContaining('Ann (You)')]);
    expect(top[3]!.className).toContain('pt-row--top');
    const rows = within(screen.getByLabelText('Other Rankings')).getAllByTestId('ranking-row');
    expect(rows.map((r) => r.textContent)).toEqual(['5FFay10']);
  });

  it('gives a golfer without points this month no place, even when everyone shares 0', () => {
    renderBoard({ board: [entry(3, 'Cal', 0, 1), entry(7, 'Ann', 0, 1)], position: { position: 1, monthlyPoints: 0 } });
    expect(screen.getByTestId('my-position').textContent).toBe('Not ranked yet');
    expect(screen.getByText('0 points this month')).toBeTruthy();
    expect(screen.getByText('No points yet this month')).toBeTruthy();
  });

  it('tells a golfer with an empty chart both ways to earn points, the swing upload a free golfer has included', () => {
    const client = testQueryClient({});
    client.setQueryData(AUTH_USER_KEY, makeUser({ id: 7, monthlyPoints: 0, isPremium: false }));
    client.setQueryData(LEADERBOARD_KEY, [entry(7, 'Ann', 0, 1)]);
    client.setQueryData(monthlyPositionKey(7), { position: 1, monthlyPoints: 0 });
    client.setQueryData(DAILY_POINTS_KEY, { month, days: [{ date: month, points: 0 }] });
    render(wrap(<LeaderboardScreen />, client, '/leaderboard'));
    // 'Complete an exercise to start your chart' alone sent a free golfer to a Complete button locked behind Premium.
    expect(screen.getByTestId('points-chart').getAttribute('aria-label')).toMatch(/^No points yet in \w+ \d{4}\. Upload a swing video or complete an exercise to start your chart\.$/);
  });

  it("never calls a 2nd place 'top of the board' when the board failed to load", () => {
    renderBoard({ position: { position: 2, monthlyPoints: 60 }, failing: true });
    expect(screen.getByTestId('my-position').textContent).toBe('2nd');
    expect(screen.getByText('60 points this month')).toBeTruthy();
    expect(screen.queryByText(/top of the board/)).toBeNull();
  });

  it("keeps '(You)' beside a long name in its own element, outside the part that is cut", () => {
    const long = 'Maximiliana-Josephine-Alexandrina'.repeat(2);
    renderBoard({ board: [...BOARD.filter((e) => e.id !== 7), entry(7, long, 10, 5, 'Llanfairpwllgwyngyll', 'Great Britain')], position: { position: 5, monthlyPoints: 10 } });
    const mine = within(screen.getByLabelText('Other Rankings'))
      .getAllByTestId('ranking-row')
      .find((r) => r.textContent?.includes('(You)'))!;
    const name = within(mine).getByTestId('golfer-name');
    const cut = name.querySelector('.pt-name__text')!;
    const you = within(name).getByText('(You)');
    expect(cut.textContent).toBe(long);
    expect(cut.getAttribute('title')).toBe(long);
    expect(cut.contains(you)).toBe(false);
    expect(you.parentElement).toBe(name);
    expect(name.textContent).toBe(`${long} (You)`);
  });

  it('styles the name to give way and the (You) marker never to shrink', () => {
    // jsdom lays nothing out: the rules themselves are the contract (the e2e journey measures the page).
    const css = readFileSync(join(process.cwd(), 'src/screens/points/points.css'), 'utf8').replace(/\s+/g, ' ');
    const rule = (selector: string) => css.match(new RegExp(`${selector.replace('.', '\\.')} \\{([^}]*)\\}`))?.[1] ?? '';
    expect(rule('.pt-name__text')).toMatch(/min-width: 0;.*text-overflow: ellipsis;.*white-space: nowrap;/);
    expect(rule('.pt-name')).toMatch(/display: flex;.*min-width: 0;/);
    expect(rule('.pt-you')).toMatch(/flex: none;/);
    expect(rule('.pt-row__points')).toMatch(/flex: none;/);
  });

  it('says so when the leaderboard fails to load', async () => {
    renderBoard({ failing: true, position: { position: 1, monthlyPoints: 0 } });
    expect(await screen.findByText('Failed to load leaderboard. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('keeps the board, my position and the chart when reading them again fails (window focus, the 5 s refresh)', async () => {
    const { client } = renderBoardWithClient({ board: BOARD, position: { position: 2, monthlyPoints: 60 }, failing: true });
    await act(() => client.refetchQueries({ predicate: (q) => q.queryKey[0] !== AUTH_USER_KEY[0] }));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('Failed to load leaderboard. Please try again.')).toBeNull();
    expect(screen.queryByText('Unable to load your statistics.')).toBeNull();
    expect(screen.getAllByTestId('top-three')).toHaveLength(3);
    expect(screen.getByTestId('my-position').textContent).toBe('2nd');
    expect(screen.getByTestId('points-chart')).toBeTruthy();
  });

  it("offers Try Again when the month's chart fails to load", async () => {
    const client = testQueryClient({ failing: true });
    client.setQueryData(AUTH_USER_KEY, makeUser({ id: 7 }));
    client.setQueryData(LEADERBOARD_KEY, BOARD);
    client.setQueryData(monthlyPositionKey(7), { position: 2, monthlyPoints: 60 });
    render(wrap(<LeaderboardScreen />, client, '/leaderboard'));
    const chart = within(screen.getByRole('region', { name: 'Points this month' }));
    expect(await chart.findByText('Unable to load your statistics.')).toBeTruthy();
    expect(chart.getByRole('button', { name: RETRY_LABEL })).toBeTruthy();
  });

  it('invites the first points of the month on an empty board', () => {
    renderBoard({ board: [entry(7, 'Ann', 0, 1), entry(8, 'Bo', 0, 1)], position: { position: 1, monthlyPoints: 0 } });
    expect(screen.getByText('No points yet this month')).toBeTruthy();
    expect(screen.queryAllByTestId('top-three')).toHaveLength(0);
  });
});

describe('how points work', () => {
  it('lists base points, the six streak tiers, the weekly reading of streaks and the 90-point example', () => {
    const client = testQueryClient();
    client.setQueryData(AUTH_USER_KEY, makeUser({ streak: 5, isPremium: false }));
    render(wrap(<HowPointsWorkScreen />, client, '/how-points-work'));
    const tiers = within(screen.getByLabelText('Streak tiers')).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(tiers).toEqual(['0-2 weeks1.0x5 points', '3-4 weeks1.25x6 points', '5-6 weeks1.5x8 points', '7-9 weeks2.0x10 points', '10-14 weeks2.5x13 points', '15+ weeks3.0x15 points']);
    expect(screen.getByText('6 exercises × 15 points = 90 points')).toBeTruthy();
    expect(screen.getByText(/Your streak counts weeks\. A week runs from Sunday 00:00 to Saturday night, Central Time\./)).toBeTruthy();
    expect(screen.getByText('Miss a whole week and your streak goes back to 0.')).toBeTruthy();
    expect(within(screen.getByLabelText('Base points')).getByText('10 points')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe('/subscribe');
  });

  it("tells a free golfer what their one upload earns, not to upload a driver and a 7-iron every week", () => {
    const client = testQueryClient();
    client.setQueryData(AUTH_USER_KEY, makeUser({ isPremium: false }));
    render(wrap(<HowPointsWorkScreen />, client, '/how-points-work'));
    const tips = within(screen.getByLabelText('Tips'));
    expect(tips.getByText('Your free swing video upload earns 10 points; weekly driver and 7-iron uploads come with Premium.')).toBeTruthy();
    expect(tips.queryByText(/Upload your weekly driver/)).toBeNull();
  });

  it('tells a Premium golfer to upload their weekly driver and 7-iron', () => {
    const client = testQueryClient();
    client.setQueryData(AUTH_USER_KEY, makeUser({ isPremium: true }));
    render(wrap(<HowPointsWorkScreen />, client, '/how-points-work'));
    expect(within(screen.getByLabelText('Tips')).getByText('Upload your weekly driver and 7-iron swings: 10 points each.')).toBeTruthy();
  });
});

describe('points logic', () => {
  it.each([
    [1, '1st'], [2, '2nd'], [3, '3rd'], [4, '4th'], [11, '11th'], [12, '12th'], [13, '13th'], [21, '21st'], [102, '102nd'], [111, '111th'],
  ])('%i is %s', (n, text) => expect(ordinal(n)).toBe(text));

  it('finds the points to pass the next golfer above', () => {
    expect(pointsToNextPlace(BOARD, 40)).toEqual({ points: 21, rank: 2 });
    expect(pointsToNextPlace(BOARD, 90)).toBeNull();
    expect(place(entry(1, 'A', 0, 1, 'Austin', null))).toBe('Austin');
  });

  it.each([
    [2, 60, BOARD, ' · 31 more to pass 1st'],
    [1, 90, BOARD, ' · top of the board'],
    [1, 0, [], ''],
    [2, 60, undefined, ''],
    [1, 90, undefined, ' · top of the board'],
  ] as const)('position %i with %i points: note %j', (position, points, board, note) => {
    expect(positionNote(position, points, board)).toBe(note);
  });

  it('scales the chart to the best day', () => {
    const chart = dailyChart(CHART);
    expect(chart.bars.map((b) => b.height)).toEqual([0.4, 0, 1]);
    expect(chart).toMatchObject({ activeDays: 2, best: { day: 3, points: 25 } });
    expect(dailyChart({ month, days: [{ date: month, points: 0 }] }).best).toBeNull();
  });
});
