/**
 * A small Server-Sent Events reader over fetch: unlike EventSource it can
 * send headers (the order's X-Pedido-Token, a diner's Authorization), which
 * the order page needs to follow an order without putting secrets in logs.
 */

export type SseEvent = { event: string; data: string };

/** parseSse splits a chunk of stream text into complete events and the unfinished rest. */
export function parseSse(buffer: string): { events: SseEvent[]; rest: string } {
  const events: SseEvent[] = [];
  const text = buffer.replace(/\r\n?/g, '\n');
  const blocks = text.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0 || event !== 'message') events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

/** A stream the server refused: its status, and its Retry-After in ms when it sent one. */
export class SseRefused extends Error {
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
 * readSse reads the event stream of `url` until it ends, calling onEvent for
 * each event. It rejects with SseRefused on a non-2xx answer, and otherwise
 * on a broken connection; it resolves when the server closes the stream or
 * `signal` aborts.
 */
export async function readSse(
  url: string,
  headers: Record<string, string>,
  onEvent: (e: SseEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const res = await fetch(url, { headers: { Accept: 'text/event-stream', ...headers }, signal });
  if (!res.ok) throw new SseRefused(res.status, retryAfterMs(res.headers.get('Retry-After')));
  if (!res.body) throw new Error('event stream: no body');
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      const parsed = parseSse(buffer);
      buffer = parsed.rest;
      for (const e of parsed.events) onEvent(e);
    }
  } catch (err) {
    if (signal.aborted) return;
    throw err;
  }
}
