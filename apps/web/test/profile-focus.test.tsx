import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfileScreen } from '../src/screens/profile/ProfileScreen';
import { Toaster, resetToasts } from '../src/components/ui/toast';
import { AUTH_USER_KEY } from '../src/hooks/useAuth';
import { makeUser, testQueryClient, wrap } from './helpers';

/* A refused Save on /profile takes focus to the first field it marked, where its message is read out. */
afterEach(() => {
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

function openEditor() {
  const client = testQueryClient();
  const user = makeUser();
  client.setQueryData(AUTH_USER_KEY, user);
  client.setQueryData([`/api/users/${user.id}`], user);
  render(wrap(<><ProfileScreen /><Toaster /></>, client, '/profile'));
  fireEvent.click(screen.getByRole('button', { name: /^Edit$/ }));
}

describe('a refused profile Save', () => {
  it.each([
    ['a cleared first name', [['First name', '']], 'First name'],
    ['a handicap past 54 (and a bad email above it)', [['Handicap', '99'], ['Email', 'x@y']], 'Email'],
    ['a handicap past 54', [['Handicap', '99']], 'Handicap'],
  ])('%s: focus goes to the field marked first', (_case, entries, focused) => {
    vi.stubGlobal('fetch', vi.fn());
    openEditor();
    for (const [label, value] of entries) fireEvent.change(screen.getByLabelText(label!), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(document.activeElement).toBe(screen.getByLabelText(focused));
  });

  it("focuses the field a server's 400 names", async () => {
    const refusal = { message: 'Invalid body: handicap must be at most 54', errors: [{ field: 'handicap', message: 'must be at most 54' }] };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(refusal), { status: 400, headers: { 'content-type': 'application/json' } })));
    openEditor();
    fireEvent.change(screen.getByLabelText('Handicap'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Handicap')));
  });

  it('leaves focus where the golfer is while they type', () => {
    vi.stubGlobal('fetch', vi.fn());
    openEditor();
    fireEvent.change(screen.getByLabelText('Handicap'), { target: { value: '99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const city = screen.getByLabelText('City');
    city.focus();
    fireEvent.change(city, { target: { value: 'Dallas' } });
    expect(document.activeElement).toBe(city);
  });
});
