import { useSyncExternalStore } from 'react';
import { DINER_KEYS } from './storage-keys';

/**
 * Browser storage of the diner (usuario) session, separate from the staff
 * session. Spec keys: `auth_token` and `usuario_id`. A diner is signed in
 * when both are present; the state is re-read on `storage` events, so a
 * sign-out in another tab signs this tab out too.
 */
export { DINER_KEYS };

export type DinerSession = { token: string; usuarioId: string };

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

let cached: DinerSession | null = null;

/** readDinerSession returns the stored diner session, or null. */
export function readDinerSession(): DinerSession | null {
  const s = storage();
  const token = s?.getItem(DINER_KEYS.token) ?? null;
  const usuarioId = s?.getItem(DINER_KEYS.usuarioId) ?? null;
  if (!token || !usuarioId) {
    cached = null;
    return null;
  }
  if (!cached || cached.token !== token || cached.usuarioId !== usuarioId) cached = { token, usuarioId };
  return cached;
}

/** getDinerToken is the diner's bearer token for apiFetch({ token }). */
export function getDinerToken(): string | null {
  return readDinerSession()?.token ?? null;
}

function notify() {
  for (const l of listeners) l();
}

export function setDinerSession(token: string, usuarioId: number | string) {
  const s = storage();
  s?.setItem(DINER_KEYS.token, token);
  s?.setItem(DINER_KEYS.usuarioId, String(usuarioId));
  notify();
}

export function clearDinerSession() {
  const s = storage();
  s?.removeItem(DINER_KEYS.token);
  s?.removeItem(DINER_KEYS.usuarioId);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === DINER_KEYS.token || e.key === DINER_KEYS.usuarioId) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** useDinerSession re-renders when the diner signs in or out (in any tab). */
export function useDinerSession(): DinerSession | null {
  return useSyncExternalStore(subscribe, readDinerSession, () => null);
}
