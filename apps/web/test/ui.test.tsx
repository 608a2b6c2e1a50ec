import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, Dialog, ProgressBar, Tooltip } from '../src/components/ui';

afterEach(() => vi.useRealTimers());

describe('design system', () => {
  it('opens a tooltip only after the pointer rests 700 ms', () => {
    vi.useFakeTimers();
    render(
      <Tooltip content="Unread notifications">
        <button type="button">bell</button>
      </Tooltip>,
    );
    fireEvent.pointerEnter(screen.getByText('bell').parentElement!);
    act(() => vi.advanceTimersByTime(699));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip').textContent).toBe('Unread notifications');
    fireEvent.pointerLeave(screen.getByText('bell').parentElement!);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('disables a loading button', () => {
    render(<Button loading>Save</Button>);
    expect((screen.getByRole('button', { name: /Save/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('clamps the progress bar to 0-100', () => {
    render(<ProgressBar value={140} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
  });

  it('closes a dialog with Escape', () => {
    const onClose = vi.fn();
    render(
      <Dialog open onClose={onClose} title="Change Password">
        body
      </Dialog>,
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });
});
