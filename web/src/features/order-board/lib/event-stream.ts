import i18next from 'i18next';
import { API_PREFIX } from '../../../lib/api-client';
import { readToken } from '../../../lib/session-storage';

/** One Server-Sent Event as the stream delivers it. */
export type StreamEvent = { event: string; data: string; id: string };

export type StreamHandlers = {
  /** Every event ('hola' once listening, then 'pedido' per change). */
  onEvent: (e: StreamEvent) => void;
  /** The connection state: 'live' once the server answered 200, 'reconnecting' while it waits to try again. */
  onState?: (state: 'live' | 'reconnecting') => void;
  /** The server refused the stream for good (401, 403, 404): no more attempts. */
  onFatal?: (status: number) => void;
};

/** Waits before reconnecting: 1 s, 2 s, 4 s … up to 15 s; back to 1 s after a stream that opened. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 4000, 8000, 15000];

/**
 * parseEvents splits a text buffer into complete events (ended by a blank
 * line) and returns them with the unfinished rest. Comments (': latido')
 * are skipped; several data lines are joined with '\n' (the SSE format).
 */
export function parseEvents(buffer: string): { events: StreamEvent[]; rest: string } {
  const events: StreamEvent[] = [];
  const text = buffer.replace(/\r\n?/g, '\n');
  const blocks = text.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    let id = '';
    const data: string[] = [];
    let any = false;
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = value;
      else continue;
      any = true;
    }
    if (any) events.push({ event, data: data.join('\n'), id });
  }
  return { events, rest };
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/**
 * followEvents reads a staff Server-Sent Events stream with fetch (the
 * bearer token stays in a header, which EventSource cannot send) until
 * `signal` aborts, reconnecting after a dropped connection. The last event
 * id seen, if the server sends ids, goes back as Last-Event-ID; Carta's
 * stream sends none and answers 'hola' on every connection instead, after
 * which the board reads the whole current state, so nothing is lost.
 */
export async function followEvents(path: string, handlers: StreamHandlers, signal: AbortSignal): Promise<void> {
  let lastId = '';
  let attempt = 0;
  while (!signal.aborted) {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    const token = readToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (i18next.language) headers['Accept-Language'] = i18next.language;
    if (lastId) headers['Last-Event-ID'] = lastId;
    try {
      const res = await fetch(`${API_PREFIX}${path}`, { headers, signal, cache: 'no-store' });
      if (res.status === 401 || res.status === 403 || res.status === 404) {
        handlers.onFatal?.(res.status);
        return;
      }
      if (res.ok && res.body) {
        attempt = 0;
        handlers.onState?.('live');
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          const { events, rest } = parseEvents(buffer);
          buffer = rest;
          for (const e of events) {
            if (e.id) lastId = e.id;
            handlers.onEvent(e);
          }
        }
      }
    } catch {
      // A dropped connection or an abort: the loop decides.
    }
    if (signal.aborted) return;
    handlers.onState?.('reconnecting');
    await wait(RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)], signal);
    attempt += 1;
  }
}
