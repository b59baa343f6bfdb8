import { createContext, useContext } from 'react';
import type { SessionInfo } from '../../api/contract';
import type { StoredSession } from '../../lib/session-storage';

export type Session =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | ({ status: 'authenticated' } & StoredSession);

export type SessionContextValue = {
  session: Session;
  /** Stores a fresh login (token + ids) and marks the session authenticated. */
  signIn: (token: string, info: SessionInfo) => void;
  /** Revokes the token on the server (best effort) and clears the stored session. */
  signOut: () => Promise<void>;
  /** The spec lets other screens set the merchant id. */
  setMerchantId: (merchantId: string | null) => void;
  /** Takes the server's answer after switching restaurants (POST /api/auth/restaurante). */
  setInfo: (info: SessionInfo) => void;
};

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

export function idString(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  return String(value);
}

export function isSuperadminFlag(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/**
 * The session's fields from the server's answer. A restaurant account whose
 * answer names no role (an older server) is its restaurant's owner.
 */
export function fromInfo(token: string, info: SessionInfo): StoredSession {
  const clienteId = idString(info.cliente_id);
  const isSuperadmin = isSuperadminFlag(info.is_superadmin);
  return {
    token,
    clienteId,
    merchantId: idString(info.merchant_id),
    isSuperadmin,
    rol: info.rol || (clienteId && !isSuperadmin ? 'propietario' : null),
    restaurantes: info.restaurantes ?? [],
  };
}
