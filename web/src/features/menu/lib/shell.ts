import { useLayoutEffect } from 'react';
import { removeFirstView } from '../../../lib/first-view';

/**
 * The server paints a static copy of the promotion popup with the menu's
 * HTML (#menu-shell, see promoShell in internal/web/spa.go) so a diner on a
 * slow phone sees it before the code arrives. The app removes the copy
 * once it has decided about its own popup and is itself on screen (not
 * hidden behind the first view any more), in the frame its popup shows.
 */
export function removeMenuShell(): void {
  if (typeof document === 'undefined') return;
  document.getElementById('menu-shell')?.remove();
}

/**
 * useFirstViewTakeover hands the screen over from the server's copy of the
 * first view (painted with the HTML from these same components, see
 * src/first-view/render.tsx) to the app, which renders hidden behind it
 * until then (lib/first-view.ts). The copy goes in the commit where the
 * app's view is `ready` (its data there, or its error), before the browser
 * paints again: no empty frame, no layout shift. Leaving the screen
 * removes it too.
 */
export function useFirstViewTakeover(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) removeFirstView();
  }, [ready]);
  useLayoutEffect(() => removeFirstView, []);
}
