/**
 * The server paints a static copy of the promotion popup with the menu's
 * HTML (#menu-shell, see promoShell in internal/api/spa.go) so a diner on a
 * slow phone sees it before the code arrives. The app removes the copy as
 * soon as it has decided about its own popup.
 */
export function removeMenuShell(): void {
  if (typeof document === 'undefined') return;
  document.getElementById('menu-shell')?.remove();
}
