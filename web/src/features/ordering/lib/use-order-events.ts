import { useEffect, useRef } from 'react';
import { API_PREFIX } from '../../../lib/api-client';
import { getDinerToken } from '../../../lib/diner-session';
import { readSse } from './sse';

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

/**
 * Follows an order's live changes (GET /api/pedidos/{id}/eventos) while
 * `active`: onChange runs once the stream listens ('hola': read the current
 * state) and on every 'pedido' event. A dropped connection is opened again
 * (after 1 s, 2 s, 4 s… at most 30 s).
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
      while (!signal.aborted) {
        try {
          await readSse(
            `${API_PREFIX}/pedidos/${encodeURIComponent(id)}/eventos`,
            headers,
            (e) => {
              failures = 0;
              if (e.event === 'hola' || e.event === 'pedido') callback.current();
            },
            signal,
          );
        } catch {
          failures += 1;
        }
        if (signal.aborted) return;
        await pause(Math.min(30_000, 1000 * 2 ** Math.min(failures, 5)), signal);
      }
    })();
    return () => controller.abort();
  }, [id, token, active]);
}
