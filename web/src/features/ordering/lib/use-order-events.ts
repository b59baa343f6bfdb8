import { useEffect, useRef } from 'react';
import { API_PREFIX } from '../../../lib/api-client';
import { getDinerToken } from '../../../lib/diner-session';
import { readEvents, StreamRefused } from '../../../lib/event-stream';

/** Waits ms, or less when signal aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      window.clearTimeout(timer);
      resolve();
    });
  });
}

/** How long a page whose stream was refused without a Retry-After waits before reading again. */
const REFUSED_RETRY_MS = 3000;

/** Answers that mean the order is not this browser's to follow: no more attempts. */
const NOT_MINE = [401, 403, 404];

/**
 * Follows an order's live changes (GET /api/pedidos/{id}/eventos) while
 * `active`: onChange runs once the stream listens ('hola': read the current
 * state) and on every 'pedido' event. A dropped connection is opened again
 * (after 1 s, 2 s, 4 s… at most 30 s). A refused stream — 409 for an order
 * that does not stream (not paid yet, or over), 429 or 503 while too many
 * are open — is tried again after the server's Retry-After, else after
 * 3 s, and onChange runs before each new attempt, so the page still reads
 * the order: an unpaid one shows its payment within seconds (the diner may
 * be paying in another tab), a finished one stops being followed. 401, 403
 * and 404 end the attempts.
 */
export function useOrderEvents(id: string, token: string | null, active: boolean, onChange: () => void): void {
  const callback = useRef(onChange);
  useEffect(() => {
    callback.current = onChange;
  });

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    const { signal } = controller;
    const headers: Record<string, string> = {};
    if (token) headers['X-Pedido-Token'] = token;
    const diner = getDinerToken();
    if (diner) headers.Authorization = `Bearer ${diner}`;
    void (async () => {
      let failures = 0;
      let refused = false;
      while (!signal.aborted) {
        // After a refusal the order is read instead of its stream.
        if (refused) callback.current();
        refused = false;
        let wait = 0;
        try {
          await readEvents(
            `${API_PREFIX}/pedidos/${encodeURIComponent(id)}/eventos`,
            headers,
            (e) => {
              failures = 0;
              if (e.event === 'hola' || e.event === 'pedido') callback.current();
            },
            signal,
          );
        } catch (err) {
          failures += 1;
          if (err instanceof StreamRefused) {
            if (NOT_MINE.includes(err.status)) return;
            refused = true;
            wait = err.retryAfterMs ?? REFUSED_RETRY_MS;
          }
        }
        if (signal.aborted) return;
        await pause(wait || Math.min(30_000, 1000 * 2 ** Math.min(failures, 5)), signal);
      }
    })();
    return () => controller.abort();
  }, [id, token, active]);
}
