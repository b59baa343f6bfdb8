/**
 * The browser-storage keys the diner's pages own (spec sections 3 and 4),
 * in a module of their own without imports: the app reads and writes them
 * (app/i18n.ts, lib/diner-session.ts, features/menu/lib/popup-state.ts) and
 * the diner menu's inline first-view scripts read them (src/first-view/scripts,
 * bundled at build time), so the server never names one
 * (internal/web/ownership_test.go).
 */

/** The chosen UI language ('es' or 'en'). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** The diner (usuario) session: signed in when both are present. */
export const DINER_KEYS = { token: 'auth_token', usuarioId: 'usuario_id' } as const;

/** The stored copy of a restaurant's promotion popup (serializePopup). */
export const popupDataKey = (clienteId: string) => `popup_data_${clienteId}`;

/** 'true' once the diner closed that copy of the promotion. */
export const popupClosedKey = (clienteId: string) => `popup_closed_${clienteId}`;
