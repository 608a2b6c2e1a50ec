import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HomeScreen } from '../src/screens/home/HomeScreen';
import { AUTH_USER_KEY } from '../src/hooks/useAuth';
import { makeAnalysis, makeUser, testQueryClient, wrap } from './helpers';

function renderHome(analyses: unknown[], isPremium = false) {
  const client = testQueryClient();
  const user = makeUser({ streak: 5, monthlyPoints: 1234, isPremium });
  client.setQueryData(AUTH_USER_KEY, user);
  client.setQueryData([`/api/swing-analyses/user/${user.id}`], analyses);
  return render(wrap(<HomeScreen />, client));
}

describe('home', () => {
  it('welcomes back a golfer with an analysis and hides the checklist', () => {
    renderHome([makeAnalysis()]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome back, Ann');
    expect(screen.getByText('Ready to Move Better and Play Longer?')).toBeTruthy();
    expect(screen.queryByLabelText('Getting started checklist')).toBeNull();
  });

  it('greets a new golfer and remembers a dismissed checklist', () => {
    const first = renderHome([]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("Let's get started, Ann");
    expect(screen.getByText('Your Golf Fitness Journey Begins Here!')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Dismiss checklist'));
    expect(screen.queryByLabelText('Getting started checklist')).toBeNull();
    first.unmount();
    renderHome([]);
    expect(screen.queryByLabelText('Getting started checklist')).toBeNull();
  });

  it('greets no one while the analyses failed to load: which greeting is right depends on them', async () => {
    const client = testQueryClient({ failing: true });
    client.setQueryData(AUTH_USER_KEY, makeUser());
    render(wrap(<HomeScreen />, client));
    expect(await screen.findByText('Failed to load swing analyses. Please try again.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Let's get started/ })).toBeNull();
    expect(screen.getByText('Your Golf Fitness Journey Begins Here!').closest('section')?.style.visibility).toBe('hidden');
    expect(screen.queryByLabelText('Getting started checklist')).toBeNull();
  });

  it("shows a Premium golfer's checklist with the upgrade step done, not a prompt to upgrade", () => {
    renderHome([], true);
    const list = screen.getByLabelText('Getting started checklist');
    expect(list.textContent).toContain("Upgrade to Premium: done, you're Premium");
    expect(screen.queryByRole('link', { name: /Upgrade to Premium/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Upload your first swing video/ }).getAttribute('href')).toBe('/upload');
  });

  it('links a free golfer to the upgrade from the checklist', () => {
    renderHome([]);
    expect(screen.getByRole('link', { name: /Upgrade to Premium/ }).getAttribute('href')).toBe('/subscribe');
  });

  it('shows the streak tier and links points and workout', () => {
    renderHome([]);
    expect(screen.getByText('1.5x points · 8 per exercise')).toBeTruthy();
    expect(screen.getByText('How Points Work').getAttribute('href')).toBe('/leaderboard');
    expect(screen.getByText("Today's Workout").closest('a')?.getAttribute('href')).toBe('/daily-workout');
  });
});
