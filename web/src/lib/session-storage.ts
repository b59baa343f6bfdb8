import type { Schemas } from '../api/contract';

/**
 * Browser storage of the staff session. The key names are the spec's: `token`
 * (mirrored under `authToken`), `cliente_id`, `merchant_id`, `is_superadmin`
 * ('1' or '0'); then the role at cliente_id (`rol`) and the person's
 * restaurants (`restaurantes`, JSON).
 */
export const STORAGE_KEYS = {
  token: 'token',
  authToken: 'authToken',
  clienteId: 'cliente_id',
  merchantId: 'merchant_id',
  isSuperadmin: 'is_superadmin',
  rol: 'rol',
  restaurantes: 'restaurantes',
} as const;

export type StoredSession = {
  token: string;
  clienteId: string | null;
  merchantId: string | null;
  isSuperadmin: boolean;
  /** The role at clienteId (null: a super admin). */
  rol: Schemas['StaffRole'] | null;
  /** Every restaurant the person works at, with the role there. */
  restaurantes: Schemas['StaffMembership'][];
};

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readToken(): string | null {
  const s = storage();
  return s?.getItem(STORAGE_KEYS.token) || s?.getItem(STORAGE_KEYS.authToken) || null;
}

export function readStoredSession(): StoredSession | null {
  const s = storage();
  const token = readToken();
  if (!s || !token) return null;
  return {
    token,
    clienteId: s.getItem(STORAGE_KEYS.clienteId),
    merchantId: s.getItem(STORAGE_KEYS.merchantId),
    isSuperadmin: s.getItem(STORAGE_KEYS.isSuperadmin) === '1',
    rol: (s.getItem(STORAGE_KEYS.rol) || null) as StoredSession['rol'],
    // Written for other tabs and tools; the app takes the list from the server's answer on every load.
    restaurantes: [],
  };
}

function setOrRemove(s: Storage, key: string, value: string | null) {
  if (value === null || value === '') s.removeItem(key);
  else s.setItem(key, value);
}

export function writeStoredSession(session: StoredSession): void {
  const s = storage();
  if (!s) return;
  s.setItem(STORAGE_KEYS.token, session.token);
  s.setItem(STORAGE_KEYS.authToken, session.token);
  setOrRemove(s, STORAGE_KEYS.clienteId, session.clienteId);
  setOrRemove(s, STORAGE_KEYS.merchantId, session.merchantId);
  s.setItem(STORAGE_KEYS.isSuperadmin, session.isSuperadmin ? '1' : '0');
  setOrRemove(s, STORAGE_KEYS.rol, session.rol);
  s.setItem(STORAGE_KEYS.restaurantes, JSON.stringify(session.restaurantes));
}

export function clearStoredSession(): void {
  const s = storage();
  if (!s) return;
  for (const key of Object.values(STORAGE_KEYS)) s.removeItem(key);
}
