import { useCallback, useEffect, useRef, useState } from 'react';
import type { Tab } from '../../../api/contract';
import { isApiError } from '../../../lib/api-client';
import { getTab } from '../api/ordering-api';
import { clearTab } from './table-context';
import { POLL_MS, polling } from './polling';

export type TabState =
  | { kind: 'loading' }
  | { kind: 'ok'; tab: Tab }
  /** 410: the tab is paid or closed (message: the server's). */
  | { kind: 'gone'; message: string }
  | { kind: 'error'; error: unknown; tab?: Tab };

/**
 * The tab, read now and again every POLL_MS while the page is visible (a
 * hidden page stops asking; it asks at once when shown again). `enabled`
 * false waits (the cancelled payment's DELETE goes first). A 410 clears
 * the stored tab and stops the polling.
 */
export function useTab(id: string, token: string, enabled: boolean) {
  const [state, setState] = useState<TabState>({ kind: 'loading' });
  const gone = useRef(false);
  const inFlight = useRef<AbortController | null>(null);

  const refresh = useCallback(() => {
    if (gone.current) return;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    getTab(id, token, controller.signal).then(
      (tab) => {
        if (!controller.signal.aborted) setState({ kind: 'ok', tab });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiError(error) && error.status === 410) {
          gone.current = true;
          clearTab(id);
          setState({ kind: 'gone', message: error.serverMessage });
          return;
        }
        // A failed refresh keeps showing the last tab read.
        setState((prev) => ({ kind: 'error', error, tab: prev.kind === 'ok' ? prev.tab : prev.kind === 'error' ? prev.tab : undefined }));
      },
    );
  }, [id, token]);

  useEffect(() => {
    if (!enabled) return;
    gone.current = false;
    refresh();
    let stop: (() => void) | null = null;
    const start = () => {
      if (!stop && polling.visible()) stop = polling.every(refresh, POLL_MS);
    };
    const onVisibility = () => {
      if (polling.visible()) {
        refresh();
        start();
      } else {
        stop?.();
        stop = null;
      }
    };
    start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      stop?.();
      inFlight.current?.abort();
    };
  }, [enabled, refresh]);

  return { state, refresh };
}
