/**
 * The one Server-Sent Events reader, over fetch: unlike EventSource it can
 * send headers (a bearer token, the order's X-Pedido-Token), so no secret
 * goes in a URL or a log. The kitchen's board (followEvents: reconnects
 * for ever) and the diner's order page (readEvents, one connection at a
 * time, its own retry rules) both read through it.
 */
import i18next from 'i18next';
import { API_PREFIX } from './api-client';
import { readToken } from './session-storage';

/** One Server-Sent Event as the stream delivers it ('' id when it has none). */
export type StreamEvent = { event: string; data: string; id: string };

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

/** A stream the server refused: its status, and its Retry-After in ms when it sent one. */
export class StreamRefused extends Error {
  constructor(
    readonly status: number,
    readonly retryAfterMs: number | null,
  ) {
    super(`event stream: HTTP ${status}`);
  }
}

/** retryAfterMs reads a Retry-After of seconds (the server's only form). */
function retryAfterMs(header: string | null): number | null {
  const seconds = header === null ? NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
}

/**
 * readEvents reads the event stream of `url` until it ends, calling onEvent
 * for each event (onOpen first, once the server answered 2xx). It rejects
 * with StreamRefused on a non-2xx answer, and otherwise on a broken
 * connection; it resolves when the server closes the stream or `signal`
 * aborts.
 */
export async function readEvents(
  url: string,
  headers: Record<string, string>,
  onEvent: (e: StreamEvent) => void,
  signal: AbortSignal,
  onOpen?: () => void,
): Promise<void> {
  const res = await fetch(url, { headers: { Accept: 'text/event-stream', ...headers }, signal, cache: 'no-store' });
  if (!res.ok) throw new StreamRefused(res.status, retryAfterMs(res.headers.get('Retry-After')));
  if (!res.body) throw new Error('event stream: no body');
  onOpen?.();
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      const parsed = parseEvents(buffer);
      buffer = parsed.rest;
      for (const e of parsed.events) onEvent(e);
    }
  } catch (err) {
    if (signal.aborted) return;
    throw err;
  }
}

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
 * followEvents reads a staff stream (`path` under the API, the staff's
 * bearer token in a header) until `signal` aborts, reconnecting after a
 * dropped connection. The last event id seen, if the server sends ids,
 * goes back as Last-Event-ID; Carta's stream sends none and answers 'hola'
 * on every connection instead, after which the board reads the whole
 * current state, so nothing is lost.
 */
export async function followEvents(path: string, handlers: StreamHandlers, signal: AbortSignal): Promise<void> {
  let lastId = '';
  let attempt = 0;
  while (!signal.aborted) {
    const headers: Record<string, string> = {};
    const token = readToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (i18next.language) headers['Accept-Language'] = i18next.language;
    if (lastId) headers['Last-Event-ID'] = lastId;
    try {
      await readEvents(
        `${API_PREFIX}${path}`,
        headers,
        (e) => {
          if (e.id) lastId = e.id;
          handlers.onEvent(e);
        },
        signal,
        () => {
          attempt = 0;
          handlers.onState?.('live');
        },
      );
    } catch (err) {
      if (err instanceof StreamRefused && [401, 403, 404].includes(err.status)) {
        handlers.onFatal?.(err.status);
        return;
      }
      // A dropped connection, another refusal or an abort: the loop decides.
    }
    if (signal.aborted) return;
    handlers.onState?.('reconnecting');
    await wait(RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)], signal);
    attempt += 1;
  }
}
