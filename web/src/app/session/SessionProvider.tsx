import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SessionInfo } from '../../api/contract';
import { logout as logoutCall, validateSession } from '../../features/auth';
import { isApiError } from '../../lib/api-client';
import {
  clearStoredSession,
  readStoredSession,
  writeStoredSession,
} from '../../lib/session-storage';
import {
  SessionContext,
  fromInfo,
  type Session,
  type SessionContextValue,
} from './session-context';

/**
 * SessionProvider holds the staff session: `loading` while a stored token is
 * being validated with the server, then `anonymous` or `authenticated`.
 * A token the server rejects is removed from storage.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session>(() =>
    readStoredSession() ? { status: 'loading' } : { status: 'anonymous' },
  );

  useEffect(() => {
    const stored = readStoredSession();
    if (!stored) return;
    let cancelled = false;
    validateSession(stored.token).then(
      (info) => {
        if (cancelled) return;
        const next = fromInfo(stored.token, info);
        writeStoredSession(next);
        setSession({ status: 'authenticated', ...next });
      },
      (err: unknown) => {
        if (cancelled) return;
        // The server said no: the token is dead, forget it. A network failure
        // keeps the stored token so that a reload can try again.
        if (isApiError(err)) clearStoredSession();
        setSession({ status: 'anonymous' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const signIn = useCallback((token: string, info: SessionInfo) => {
    const next = fromInfo(token, info);
    writeStoredSession(next);
    setSession({ status: 'authenticated', ...next });
  }, []);

  const signOut = useCallback(async () => {
    const stored = readStoredSession();
    if (stored) {
      try {
        await logoutCall(stored.token);
      } catch {
        // The local session is cleared whatever the server says.
      }
    }
    clearStoredSession();
    setSession({ status: 'anonymous' });
  }, []);

  const setMerchantId = useCallback((merchantId: string | null) => {
    setSession((current) => {
      if (current.status !== 'authenticated') return current;
      const next = { ...current, merchantId };
      writeStoredSession(next);
      return next;
    });
  }, []);

  const setInfo = useCallback((info: SessionInfo) => {
    setSession((current) => {
      if (current.status !== 'authenticated') return current;
      const next = fromInfo(current.token, info);
      writeStoredSession(next);
      return { status: 'authenticated', ...next };
    });
  }, []);

  const value = useMemo<SessionContextValue>(
    () => ({ session, signIn, signOut, setMerchantId, setInfo }),
    [session, signIn, signOut, setMerchantId, setInfo],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
