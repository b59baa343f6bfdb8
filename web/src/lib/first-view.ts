/**
 * The diner menu's first view painted by the server (internal/web/firstview.go):
 * a copy of the app's own shell and categories in `#first-view`, before
 * `#root`. While the copy is on the page the app renders into a hidden
 * `#root` (diner-shell.css); removing the copy shows the app in the same
 * frame. The menu removes it once its categories are ready
 * (features/menu/lib/shell.ts), the error boundary when something failed.
 */

/** The id of the server-painted first view. */
export const FIRST_VIEW_ID = 'first-view';

/** What waits for the app to show (whenFirstViewGone). */
const waiting = new Set<() => void>();

/** removeFirstView removes the server-painted first view, if it is still there. */
export function removeFirstView(): void {
  if (typeof document === 'undefined') return;
  document.getElementById(FIRST_VIEW_ID)?.remove();
  for (const f of [...waiting]) {
    waiting.delete(f);
    f();
  }
}

/**
 * whenFirstViewGone runs f once the app is on screen: at once when no
 * server-painted first view hides it, else in the same call that removes
 * the first view (so in the same frame). Returns what cancels the wait.
 */
export function whenFirstViewGone(f: () => void): () => void {
  if (document.getElementById(FIRST_VIEW_ID)) waiting.add(f);
  else f();
  return () => waiting.delete(f);
}
