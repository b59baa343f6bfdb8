import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * The server paints a static copy of the promotion popup with the menu's
 * HTML (#menu-shell, see promoShell in internal/web/spa.go) so a diner on a
 * slow phone sees it before the code arrives. The app removes the copy as
 * soon as it has decided about its own popup.
 */
export function removeMenuShell(): void {
  if (typeof document === 'undefined') return;
  document.getElementById('menu-shell')?.remove();
}

/** The id of the server-painted first view (firstViewCopy in internal/web/firstview.go). */
export const FIRST_VIEW_ID = 'first-view';

/** removeFirstView removes the server-painted first view, if it is still there. */
export function removeFirstView(): void {
  if (typeof document === 'undefined') return;
  document.getElementById(FIRST_VIEW_ID)?.remove();
}

/**
 * useFirstViewTakeover hands the screen over from the server's copy of the
 * first view (painted with the HTML from these same components, see
 * src/first-view/render.tsx) to the app. `waiting` is true while the copy
 * is on screen and the app's view does not have its data yet, or content
 * above it holds the handover (lib/first-view.ts, through `hold`): the
 * caller then renders only that content, never a second copy of the view.
 * The copy goes in the commit where the view is ready, before the browser
 * paints again: no empty frame, no layout shift. Leaving the screen removes
 * it too.
 */
export function useFirstViewTakeover(ready: boolean): { waiting: boolean; hold: () => () => void } {
  const holds = useRef(0);
  const [held, setHeld] = useState(0);
  const hold = useCallback(() => {
    holds.current++;
    setHeld(holds.current);
    return () => {
      holds.current--;
      setHeld(holds.current);
    };
  }, []);
  useLayoutEffect(() => {
    if (ready && holds.current === 0) removeFirstView();
  }, [ready, held]);
  useLayoutEffect(() => removeFirstView, []);
  const copy = typeof document !== 'undefined' && document.getElementById(FIRST_VIEW_ID) !== null;
  return { waiting: copy && (!ready || held > 0), hold };
}
