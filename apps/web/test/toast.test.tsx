import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMING_MS } from '@swingfit/contracts';
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

/*
 * Section 9's 5000 ms on a phone: a tap on a toast (to read it, or a swipe shorter than 50 px) must not
 * keep it up. Phones follow a tap with mouseenter and send mouseleave only on the next tap elsewhere.
 */
function showToast() {
  render(<Toaster />);
  act(() => void toast({ title: 'Profile Updated' }));
  return screen.getByTestId('toast');
}

describe('a toast on a phone', () => {
  it('still closes 5000 ms after a tap on it', () => {
    const el = showToast();
    fireEvent.pointerDown(el, { clientX: 100, pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerUp(el, { clientX: 100, pointerId: 1, pointerType: 'touch' });
    // The compatibility mouse events a phone's browser sends after the tap.
    fireEvent.mouseOver(el);
    fireEvent.mouseEnter(el);
    fireEvent.pointerEnter(el, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(TIMING_MS.toastDuration));
    expect(screen.queryByText('Profile Updated')).toBeNull();
  });

  it('is held while a mouse rests on it, and closes after the mouse leaves', () => {
    const el = showToast();
    fireEvent.pointerEnter(el, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(TIMING_MS.toastDuration * 2));
    expect(screen.queryByText('Profile Updated')).not.toBeNull();
    fireEvent.pointerLeave(el, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(TIMING_MS.toastDuration));
    expect(screen.queryByText('Profile Updated')).toBeNull();
  });
});
