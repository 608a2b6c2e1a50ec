import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../src/App';
import { Header } from '../src/shell/Header';
import { CreatingState } from '../src/screens/workout/WorkoutStates';
import { VideoDialog } from '../src/screens/workout/VideoDialog';
import type { WorkoutExercise } from '@swingfit/contracts';
import { LeaderboardScreen } from '../src/screens/points/LeaderboardScreen';
import { VideoUploadsSection } from '../src/components/analysis/VideoUploads';
import { AUTH_USER_KEY } from '../src/hooks/useAuth';
import { makeUser, testQueryClient, wrap } from './helpers';

/*
 * Section 2's loading words are read out, not only drawn: each caption is the text of a status region.
 * They sat in plain paragraphs beside a spinner whose own label was empty, so a screen reader was silent.
 */
const LOADING: Array<[string, () => void, string]> = [
  ['/ while the user loads', () => render(wrap(<AppRoutes />, testQueryClient(), '/')), 'Authenticating...'],
  [
    'the notifications panel while its list loads',
    () => {
      render(wrap(<Header user={makeUser()} />, testQueryClient()));
      fireEvent.click(screen.getByLabelText('Notifications'));
    },
    'Loading notifications...',
  ],
  ["the daily workout while it is created ('Creating Your Workout')", () => render(<CreatingState />), 'Analyzing your swing to create personalized exercises...'],
  [
    "the video dialog while the video's embed loads",
    () => {
      const exercise = { name: 'Open Book', youtubeId: 'AbCdEfGhIj0', videoTitle: 'Open Book walkthrough', instructions: [], coachingCues: [] } as unknown as WorkoutExercise;
      render(wrap(<VideoDialog exercise={exercise} open done={false} onClose={() => {}} />, testQueryClient()));
    },
    'Loading video...',
  ],
  [
    'the leaderboard while the board loads',
    () => {
      const client = testQueryClient();
      client.setQueryData(AUTH_USER_KEY, makeUser({ id: 7 }));
      render(wrap(<LeaderboardScreen />, client, '/leaderboard'));
    },
    'Loading leaderboard...',
  ],
  ['the Video Uploads section while the upload status loads', () => render(wrap(<VideoUploadsSection />, testQueryClient())), 'Loading upload status...'],
];

describe('loading captions are statuses', () => {
  it.each(LOADING)('%s says its caption as a status', (_where, open, caption) => {
    open();
    // The caption is a status's own text, or part of it (a title with its sentence, a spinner beside it).
    expect(screen.getAllByRole('status').some((s) => s.textContent?.trim().endsWith(caption))).toBe(true);
  });
});
