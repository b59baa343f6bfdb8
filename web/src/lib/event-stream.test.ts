import { describe, expect, it } from 'vitest';
import { parseEvents } from './event-stream';

// The board's and the order page's parsing tests, now of the one reader.
describe('event stream parsing', () => {
  it('reads events, ids and multi-line data, skips comments and keeps the unfinished rest', () => {
    const { events, rest } = parseEvents('event: hola\ndata: {}\n\n: latido\n\nid: 4\nevent: pedido\ndata: a\ndata: b\r\n\r\nevent: ped');
    expect(events).toEqual([
      { event: 'hola', data: '{}', id: '' },
      { event: 'pedido', data: 'a\nb', id: '4' },
    ]);
    expect(rest).toBe('event: ped');
  });

  it('parses events split over chunks, ignoring comments', () => {
    const first = parseEvents('event: hola\ndata: {}\n\n: latido\n\nevent: pedido\ndata: {"estado":');
    expect(first.events).toEqual([{ event: 'hola', data: '{}', id: '' }]);
    const second = parseEvents(first.rest + '"listo"}\n\n');
    expect(second.events).toEqual([{ event: 'pedido', data: '{"estado":"listo"}', id: '' }]);
    expect(second.rest).toBe('');
  });
});
