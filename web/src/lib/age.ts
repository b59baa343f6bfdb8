import { useEffect, useState } from 'react';

/** An order's live age on the board: minutes since, as text, and the one ticking clock hook. */

/** Whole minutes from `since` to `now` (Unix seconds), never negative. */
export function minutesSince(since: number, now: number): number {
  return Math.max(0, Math.floor((now - since) / 60));
}

/** A duration in minutes, language-neutral: '7 min', '1 h 05 min', '2 h'. */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${String(m).padStart(2, '0')} min` : `${h} h`;
}

/** Unix seconds now, ticking every `everyMs` (live ages; pauses end without a reload). One timer per caller. */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
