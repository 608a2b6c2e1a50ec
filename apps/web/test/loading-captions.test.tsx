import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../src/App';
import { Header } from '../src/shell/Header';
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
];

describe('loading captions are statuses', () => {
  it.each(LOADING)('%s says its caption as a status', (_where, open, caption) => {
    open();
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(caption);
  });
});
