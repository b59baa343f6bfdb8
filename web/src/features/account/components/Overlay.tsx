import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * An accessible modal surface (role="dialog", aria-modal): the focus moves
 * inside on open (to `initialFocus`, else the first control) and back to
 * where it was on close, Tab stays inside, Escape and a click on the backdrop
 * close it, and the page behind does not scroll.
 * `variant="drawer"` slides in from the side instead of centring.
 * It is portalled to <body>: opened from the menu's fixed header (its own
 * stacking context), it must still cover the page and its floating buttons.
 */
export function Overlay({
  labelledBy,
  onClose,
  children,
  variant = 'dialog',
  id,
  initialFocus,
}: {
  labelledBy: string;
  onClose: () => void;
  children: ReactNode;
  variant?: 'dialog' | 'drawer';
  id?: string;
  initialFocus?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const target =
      (initialFocus ? ref.current?.querySelector<HTMLElement>(initialFocus) : null) ??
      ref.current?.querySelector<HTMLElement>(FOCUSABLE);
    (target ?? ref.current)?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (previous && previous.isConnected) previous.focus?.();
    };
    // Focus is placed once, when the surface opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div
      className={`acct-backdrop acct-backdrop--${variant}`}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={ref}
        id={id}
        className={variant === 'drawer' ? 'acct-drawer' : 'acct-dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
