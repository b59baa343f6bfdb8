import { useEffect, useState } from 'react';
import { getPublicWines, publicWinesKey } from '../../../api/wines';
import { useFetch } from '../../../lib/fetch-cache';

/** How long after the menu's first paint the cava is asked about (the menu's own reads go first). */
const DELAY_MS = 1200;
/** The longest it then waits for the browser to be idle: a busy page (a video, a slow phone) must still get the link. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Whether the restaurant has wines to show in its cava (/cava/:id), for the
 * diner shell's navigation. Unless `now`, it asks only once the page has
 * painted and the browser is idle, and the answer (GET /api/vinos, cached by
 * the server) is the cava page's own read. Needs a FetchCacheContext.
 * Undefined until known: the shell keeps the link's place meanwhile.
 */
export function useCavaAvailable(clienteId: string | null, now = false): boolean | undefined {
  const [ready, setReady] = useState(now);
  useEffect(() => {
    if (ready) return;
    let idle = 0;
    const timer = setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(() => setReady(true), { timeout: IDLE_TIMEOUT_MS });
      else setReady(true);
    }, DELAY_MS);
    return () => {
      clearTimeout(timer);
      if (idle) window.cancelIdleCallback?.(idle);
    };
  }, [ready]);
  const asked = ready || now;
  const count = useWineCount(asked ? clienteId : null);
  return count === undefined ? undefined : count > 0;
}

/** The restaurant's wine count; undefined while unknown (not asked yet, or asking). */
function useWineCount(clienteId: string | null): number | undefined {
  // Without a restaurant (or before it is time to ask) the key names nothing
  // real and the server is not asked; with one it is the cava page's own read.
  const wines = useFetch(clienteId ? publicWinesKey(clienteId) : 'diner/-/vinos', async () =>
    clienteId ? getPublicWines(clienteId) : [],
  );
  if (!clienteId) return undefined;
  return wines.isSuccess ? wines.data.length : wines.isError ? 0 : undefined;
}
