import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';

export type Countdown = { expired: true } | { expired: false; days: number; hours: number };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * countdown splits the time left until `expiresAtSec` (unix seconds) into
 * whole days and hours; past (or exactly now) is expired.
 */
export function countdown(expiresAtSec: number, nowMs: number): Countdown {
  const left = expiresAtSec * 1000 - nowMs;
  if (!Number.isFinite(left) || left <= 0) return { expired: true };
  const days = Math.floor(left / DAY_MS);
  const hours = Math.floor((left % DAY_MS) / HOUR_MS);
  return { expired: false, days, hours };
}

/** formatCountdown: '3 días, 5 horas', '1 día, 1 hora', 'menos de 1 hora' or 'Expirado'. */
export function formatCountdown(c: Countdown, t: TFunction): string {
  if (c.expired) return t('offers.expired');
  if (c.days === 0 && c.hours === 0) return t('offers.lessThanHour');
  return t('offers.countdown', {
    days: t('offers.days', { count: c.days }),
    hours: t('offers.hours', { count: c.hours }),
  });
}

/** useNow re-renders every `intervalMs` (default one minute) with the current time. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
