import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';

interface OverlayProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}

/** What Tab can reach inside a panel, in document order. */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab and Shift+Tab go round the panel's own controls. The panel is aria-modal, yet Tab from its last
 * button went on to the page dimmed behind it (the notifications' last delete, then the home screen's
 * links), where a keyboard user acted on a screen they could not see.
 */
function keepTabInside(panel: HTMLElement, e: KeyboardEvent) {
  const focusable = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
  if (focusable.length === 0) {
    e.preventDefault();
    return;
  }
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  const active = document.activeElement;
  const outside = !panel.contains(active) || active === panel;
  if (e.shiftKey && (active === first || outside)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !panel.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}

/** Escape closes; Tab stays inside; focus moves into the panel on open and back to where it was on close. */
function useModalBehaviour(open: boolean, onClose: () => void) {
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    panelRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCloseRef.current();
      else if (e.key === 'Tab' && panelRef.current) keepTabInside(panelRef.current, e);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [open]);
  return panelRef;
}

export function Dialog({ open, onClose, title, description, children }: OverlayProps) {
  const panelRef = useModalBehaviour(open, onClose);
  const titleId = useId();
  if (!open) return null;
  return createPortal(
    <div className="sf-overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={panelRef} className="sf-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} style={{ position: 'relative' }}>
        <button type="button" className="sf-btn sf-btn--ghost sf-btn--icon sf-dialog__close" aria-label="Close" onClick={onClose}>
          <X size={18} />
        </button>
        <h2 id={titleId} className="sf-dialog__title">
          {title}
        </h2>
        {description && <p className="sf-dialog__desc">{description}</p>}
        {children}
      </div>
    </div>,
    document.body,
  );
}

/** A panel sliding in from the right; tapping the dimmed area outside closes it. */
export function Sheet({ open, onClose, title, headerExtra, children }: OverlayProps & { headerExtra?: ReactNode }) {
  const panelRef = useModalBehaviour(open, onClose);
  const titleId = useId();
  if (!open) return null;
  return createPortal(
    <div className="sf-overlay sf-overlay--sheet" data-testid="sheet-overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={panelRef} className="sf-sheet" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="sf-sheet__header">
          <div className="sf-row">
            <h2 id={titleId} className="sf-card__title">
              {title}
            </h2>
          </div>
          <div className="sf-row">
            {headerExtra}
            <button type="button" className="sf-btn sf-btn--ghost sf-btn--icon" aria-label="Close" onClick={onClose}>
              <X size={18} />
            </button>
          </div>
        </div>
        <div className="sf-sheet__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
