import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMING_MS } from '@swingfit/contracts';
import { Toaster, resetToasts, toast } from '../src/components/ui/toast';

/*
 * Section 9's 5000 ms on a phone: a tap on a toast (to read it, or a swipe shorter than 50 px) must not
 * keep it up. Phones follow a tap with mouseenter and send mouseleave only on the next tap elsewhere.
 */
beforeEach(() => {
  vi.useFakeTimers();
  resetToasts();
});
afterEach(() => {
  act(() => resetToasts());
  vi.useRealTimers();
});

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
