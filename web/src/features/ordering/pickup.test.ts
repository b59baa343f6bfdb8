import { describe, expect, it } from 'vitest';
import { formatDay, formatPickup } from './lib/pickup';

// Friday 14 March 2025, 14:30 in New York (EDT), 18:30 UTC.
const NOW = Date.UTC(2025, 2, 14, 18, 30) / 1000;
const NY = 'America/New_York';
const sp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe("the pickup's day on the order page (issue 27, item 2)", () => {
  it('says the pickup day: hoy, mañana, or the date', () => {
    expect(formatDay(NOW + 3600, NOW, NY, 'es')).toBe('hoy');
    expect(formatDay(NOW + 86_400, NOW, NY, 'es')).toBe('mañana');
    expect(formatDay(NOW + 3600, NOW, NY, 'en')).toBe('today');
    expect(formatDay(NOW + 86_400, NOW, NY, 'en')).toBe('tomorrow');
    expect(sp(formatDay(NOW + 2 * 86_400, NOW, NY, 'en'))).toBe('Sun, Mar 16');
    expect(sp(formatDay(NOW + 2 * 86_400, NOW, NY, 'es'))).toMatch(/^dom,? 16 (de )?mar/);
    // 23:30 in New York is already the next day in UTC: still 'hoy' there.
    expect(formatDay(NOW + 9 * 3600, NOW, NY, 'es')).toBe('hoy');
    expect(sp(formatPickup(NOW + 86_400, NOW, NY, 'en'))).toBe('tomorrow, 2:30 PM');
  });

});
