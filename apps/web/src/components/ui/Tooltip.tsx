import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { TIMING_MS } from '@swingfit/contracts';

/** Shows its text after the pointer or focus has rested on the anchor for 700 ms (section 9). */
export function Tooltip({ content, children, delayMs = TIMING_MS.tooltipDelay }: { content: ReactNode; children: ReactNode; delayMs?: number }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();
  const show = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), delayMs);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <span className="sf-tooltip-anchor" onPointerEnter={show} onPointerLeave={hide} onFocus={show} onBlur={hide} aria-describedby={open ? id : undefined}>
      {children}
      {open && (
        <span id={id} role="tooltip" className="sf-tooltip">
          {content}
        </span>
      )}
    </span>
  );
}
