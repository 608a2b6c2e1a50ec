/**
 * Toasts of specification section 9: at most one visible, 5000 ms by default, a swipe to the right past
 * 50 px dismisses, F8 moves focus to the notification region, and a dismissed toast stays in memory for
 * 1,000,000 ms before removal (kept from the original; harmless because only open toasts render).
 */
import { useEffect, useRef, useState, useSyncExternalStore, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { TIMING_MS } from '@swingfit/contracts';

export const TOAST_LIMIT = 1;
export const SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; default 5000. */
  duration?: number;
}

interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

let items: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  items = next;
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function dismissToast(id?: string) {
  emit(items.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of items) {
    if (t.open || removeTimers.has(t.id)) continue;
    removeTimers.set(
      t.id,
      setTimeout(() => {
        removeTimers.delete(t.id);
        emit(items.filter((x) => x.id !== t.id));
      }, TIMING_MS.toastRemoveDelay),
    );
  }
}

/** Shows a toast; a newer toast pushes the older one out (limit 1). */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  const id = String(++counter);
  emit([{ ...input, id, open: true }, ...items].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** Test helper: forget every toast and pending removal. */
export function resetToasts() {
  for (const t of removeTimers.values()) clearTimeout(t);
  removeTimers.clear();
  emit([]);
}

export function useToast() {
  const toasts = useSyncExternalStore(subscribe, () => items, () => items);
  return { toasts, toast, dismiss: dismissToast };
}

function ToastView({ item }: { item: ToastItem }) {
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissToast(item.id), item.duration ?? TIMING_MS.toastDuration);
    return () => clearTimeout(timer);
  }, [item.id, item.duration, paused]);

  const onDown = (e: ReactPointerEvent<HTMLLIElement>) => {
    start.current = e.clientX;
    setPaused(true);
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onMove = (e: ReactPointerEvent<HTMLLIElement>) => {
    if (start.current !== null) setDx(Math.max(0, e.clientX - start.current));
  };
  const onUp = (e: ReactPointerEvent<HTMLLIElement>) => {
    if (start.current === null) return;
    const moved = e.clientX - start.current;
    start.current = null;
    if (moved > SWIPE_THRESHOLD_PX) dismissToast(item.id);
    else {
      setDx(0);
      setPaused(false);
    }
  };

  const destructive = item.variant === 'destructive';
  return (
    <li
      className={`sf-toast${destructive ? ' sf-toast--destructive' : ''}`}
      role={destructive ? 'alert' : 'status'}
      aria-atomic="true"
      data-testid="toast"
      style={dx ? { transform: `translateX(${dx}px)`, opacity: Math.max(0.2, 1 - dx / 200) } : undefined}
      onPointerDown={onDown}
      onPointerMove={onMove}
      onPointerUp={onUp}
      onPointerCancel={onUp}
      // Only a mouse resting on it holds the toast. A phone sends mouseenter after a tap and mouseleave only
      // on the next tap elsewhere, so a tapped toast stayed on screen past its 5000 ms, over the header.
      onPointerEnter={(e) => e.pointerType === 'mouse' && setPaused(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && start.current === null && setPaused(false)}
    >
      <div className="sf-toast__title">{item.title}</div>
      {item.description && <div className="sf-toast__desc">{item.description}</div>}
      <button type="button" className="sf-btn sf-btn--ghost sf-btn--icon sf-toast__close" aria-label="Dismiss notification" onClick={() => dismissToast(item.id)}>
        <X size={16} />
      </button>
    </li>
  );
}

/** The notification region; mount once near the root. */
export function Toaster() {
  const { toasts } = useToast();
  const regionRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault();
        regionRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <section aria-label="Notifications (F8)">
      <ol ref={regionRef} className="sf-toast-viewport" tabIndex={-1} aria-live="polite" data-testid="toast-region">
        {toasts
          .filter((t) => t.open)
          .map((t) => (
            <ToastView key={t.id} item={t} />
          ))}
      </ol>
    </section>
  );
}
