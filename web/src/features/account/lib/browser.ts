/**
 * Full-page navigations and the timer that delays one, behind an object so
 * tests can observe them (jsdom's `location.replace` cannot be spied on
 * directly) and run the delay without waiting for the wall clock.
 */
export const browser = {
  replace(url: string): void {
    window.location.replace(url);
  },
  after(ms: number, run: () => void): void {
    window.setTimeout(run, ms);
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
  browser.after(REGISTRATION_REDIRECT_MS, () => browser.replace(target));
}
