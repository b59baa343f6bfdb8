/**
 * Full-page navigations, behind an object so tests can observe them
 * (jsdom's `location.replace` cannot be spied on directly).
 */
export const browser = {
  replace(url: string): void {
    window.location.replace(url);
  },
};

/** Spec section 9: the registration redirect waits 1.5 s. */
export const REGISTRATION_REDIRECT_MS = 1500;

/**
 * After a registration from a restaurant's menu: wait 1.5 s, then replace the
 * location with the user panel of that restaurant. Kept outside any component
 * so the dialog's own navigation does not cancel it.
 */
export function scheduleUserPanelRedirect(usuarioId: string | number, clienteId: string): void {
  const target = `/usuario/${encodeURIComponent(String(usuarioId))}?menu=${encodeURIComponent(clienteId)}`;
  window.setTimeout(() => browser.replace(target), REGISTRATION_REDIRECT_MS);
}
