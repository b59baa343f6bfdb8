import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { vi } from 'vitest';
import { formatMinutes, minutesSince, useNow } from './age';
import { formatClock } from './clock';
import { isAllDay } from './opening-hours';

// Friday 14 March 2025, 14:30 in New York (EDT), 18:30 UTC.
const NOW = Date.UTC(2025, 2, 14, 18, 30) / 1000;
const NY = 'America/New_York';
const sp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('the one clock (issue 27, item 3)', () => {
  it("formats a time in the restaurant's zone and the reader's language", () => {
    expect(sp(formatClock(NOW, NY, 'es'))).toMatch(/^2:30 p\.\s?m\.$/);
    expect(sp(formatClock(NOW, NY, 'en'))).toBe('2:30 PM');
    expect(sp(formatClock(NOW, 'Europe/Madrid', 'en'))).toBe('7:30 PM');
    expect(formatClock(0, NY, 'es')).toBe('');
    // A zone that does not load falls back to the device's, never throws.
    expect(formatClock(NOW, 'Not/AZone', 'es')).not.toBe('');
  });

  it('formats an age in minutes', () => {
    expect(minutesSince(NOW - 7 * 60 - 59, NOW)).toBe(7);
    expect(minutesSince(NOW + 60, NOW)).toBe(0);
    expect(formatMinutes(7)).toBe('7 min');
    expect(formatMinutes(65)).toBe('1 h 05 min');
    expect(formatMinutes(120)).toBe('2 h');
  });

  it('useNow ticks on the (fake) clock', () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW * 1000);
    const { result, unmount } = renderHook(() => useNow(15_000));
    expect(result.current).toBe(NOW);
    act(() => void vi.advanceTimersByTime(60_000));
    expect(result.current).toBe(NOW + 60);
    unmount();
    vi.useRealTimers();
  });

  it("knows a day open 24 hours ('Abierto 24 horas')", () => {
    expect(isAllDay({ abre: '00:00', cierra: '24:00' })).toBe(true);
    expect(isAllDay({ abre: '00:00', cierra: '00:00' })).toBe(true);
    expect(isAllDay({ abre: '00:00', cierra: '23:59' })).toBe(false);
    expect(isAllDay({ abre: '11:00', cierra: '24:00' })).toBe(false);
  });
});
