import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * The diner's bottom bar (menu, 'Ordena en Línea'): one full-width bar
 * fixed at the bottom of the screen, holding the page's actions (the cart
 * button, 'Ver Promoción') with the page's notice (role=status: "added to
 * your cart") on a row above them, inside the bar. Nothing floats over the
 * page: while the bar is on screen its height (notice included) is
 * --diner-bar-h on the root element, which pads the diner shell's content
 * and the scroll position (diner-shell.css), so the last product's buttons
 * scroll clear above it. Without actions and notice there is no bar.
 */
export function DinerBottomBar({ status, children }: { status?: ReactNode; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const hasActions = Array.isArray(children) ? children.some(Boolean) : !!children;
  const shown = hasActions || !!status;
  useLayoutEffect(() => {
    const el = ref.current;
    const root = document.documentElement;
    if (!el || !shown) return;
    const set = () => root.style.setProperty('--diner-bar-h', `${el.offsetHeight}px`);
    set();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(set) : null;
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--diner-bar-h');
    };
  }, [shown]);
  return (
    <div ref={ref} className="diner-bar" hidden={!shown} data-testid="diner-bar">
      {/* The live region stays in the page (hidden while empty) so a new notice is read out. */}
      <p className="diner-bar__status" role="status">
        {status}
      </p>
      {hasActions && <div className="diner-bar__actions">{children}</div>}
    </div>
  );
}
