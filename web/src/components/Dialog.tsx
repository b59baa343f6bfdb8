import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * What Tab can land on inside a dialog. Disabled controls and hidden inputs
 * are left out (the browser never focuses them, so the trap could not wrap
 * onto them); a video's controls take the focus, so it counts.
 */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';

export type DialogProps = {
  /** Class of the full-screen backdrop wrapping the dialog. */
  backdropClassName: string;
  /** Class of the dialog surface itself (role="dialog"). */
  className: string;
  /** Id of the element naming the dialog (its title). */
  labelledBy: string;
  describedBy?: string;
  id?: string;
  onClose: () => void;
  /** Blocks Escape and backdrop clicks (e.g. while saving). */
  busy?: boolean;
  /** Selector of what takes the focus on open; else the first control, else the dialog. */
  initialFocus?: string;
  /**
   * Renders into <body>: a dialog opened from inside a stacking context
   * (e.g. a fixed header) must still cover the whole page.
   */
  portal?: boolean;
  children: ReactNode;
};

/**
 * The one accessible modal core behind the app's dialogs: role="dialog" with
 * aria-modal, the focus moved inside on open (opened hidden, when it shows)
 * and given back on close (when the opener is still on the page), Tab and
 * Shift+Tab kept inside, Escape and a mousedown on the backdrop close it
 * unless busy, and the page behind does not scroll while it is open. Kept
 * small and dependency-free: the diner menu's promotion popup loads it with
 * the menu's first chunk.
 */
export function Dialog({
  backdropClassName,
  className,
  labelledBy,
  describedBy,
  id,
  onClose,
  busy = false,
  initialFocus,
  portal = false,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Read through a ref: callers pass inline callbacks, and a new identity
  // must not re-run the open/close effect (it would steal the focus back).
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current!;
    const previous = document.activeElement as HTMLElement | null;
    const place = () =>
      ((initialFocus && dialog.querySelector<HTMLElement>(initialFocus)) || dialog.querySelector<HTMLElement>(FOCUSABLE) || dialog).focus();
    // A dialog that opens while the page it belongs to is hidden (the diner
    // menu's app behind the server's first view) cannot take the focus yet:
    // it takes it when it gets a box, which a ResizeObserver reports before
    // that frame is painted. A browser without checkVisibility (which all
    // have ResizeObserver) focuses at once.
    let observer: ResizeObserver | undefined;
    if (dialog.checkVisibility?.() === false) {
      observer = new ResizeObserver(() => {
        if (!dialog.checkVisibility()) return;
        observer!.disconnect();
        place();
      });
      observer.observe(dialog);
    } else place();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      observer?.disconnect();
      document.body.style.overflow = overflow;
      // The focus goes back to where it was — unless the page has put it
      // somewhere on purpose meanwhile (a notice's 'Copiar enlace' after a
      // successful send): only a focus still in the dialog, or lost with it,
      // is given back.
      const now = document.activeElement;
      const lost = !now || now === document.body || dialog.contains(now);
      if (lost && previous?.isConnected) previous.focus?.();
    };
    // Focus is placed once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape') {
      // A dialog inside a page with its own Escape handling closes alone.
      e.stopPropagation();
      if (!busy) onCloseRef.current();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) {
      // Nothing to move to: the focus stays on the dialog itself.
      e.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    // From the dialog itself (focused when it has no control to start on),
    // Shift+Tab would otherwise leave it.
    if (e.shiftKey && (active === first || active === ref.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  }

  const tree = (
    <div
      className={backdropClassName}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && !busy) onCloseRef.current();
      }}
    >
      <div
        ref={ref}
        id={id}
        className={className}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>
  );
  return portal ? createPortal(tree, document.body) : tree;
}
