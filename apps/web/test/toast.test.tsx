import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster, resetToasts, toast } from '../src/components/ui/toast';

beforeEach(() => {
  vi.useFakeTimers();
  resetToasts();
});
afterEach(() => {
  act(() => resetToasts());
  vi.useRealTimers();
});

describe('toasts (section 9)', () => {
  it('shows at most one toast: a newer one replaces the older', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Profile Updated' });
      toast({ title: 'Logged Out' });
    });
    const shown = screen.getAllByTestId('toast');
    expect(shown).toHaveLength(1);
    expect(shown[0]!.textContent).toContain('Logged Out');
  });

  it('closes by itself after 5000 ms by default', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Profile Updated' }));
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByText('Profile Updated')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Profile Updated')).toBeNull();
  });

  it('is dismissed by a swipe right beyond 50 px but not by a shorter one', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Update Failed', variant: 'destructive' }));
    const el = screen.getByTestId('toast');
    expect(el.getAttribute('role')).toBe('alert');
    fireEvent.pointerDown(el, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(el, { clientX: 140, pointerId: 1 });
    fireEvent.pointerUp(el, { clientX: 140, pointerId: 1 });
    expect(screen.queryByText('Update Failed')).not.toBeNull();
    fireEvent.pointerDown(el, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(el, { clientX: 160, pointerId: 1 });
    fireEvent.pointerUp(el, { clientX: 160, pointerId: 1 });
    expect(screen.queryByText('Update Failed')).toBeNull();
  });

  it('moves focus to the notification region on F8', () => {
    render(<Toaster />);
    fireEvent.keyDown(document, { key: 'F8' });
    const region = screen.getByTestId('toast-region');
    expect(document.activeElement).toBe(region);
    expect(region.getAttribute('aria-live')).toBe('polite');
  });
});
