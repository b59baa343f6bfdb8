import { useEffect, useState } from 'react';

/**
 * useProgressiveCount returns how many of a list's `total` items to render:
 * `first` (a phone's screen of them) in the first render, then `step` more
 * in each following task until all are there. A long list of cards
 * rendered at once is one long task on a slow phone (it blocks the first
 * taps and delays the first cards' paint); in steps the first screen
 * paints at once and every later step is a short task the browser can
 * interleave with input. The count starts over when `key` changes (another
 * filter, another category), so a new list again paints its first screen
 * first.
 *
 * Rendering every item in the end (instead of only what is scrolled to)
 * keeps the page whole for the browser's find-in-page, for assistive
 * technology and for printing.
 */
export function useProgressiveCount(total: number, key: unknown, first = 4, step = 3): number {
  const [state, setState] = useState({ key, count: first });
  const count = state.key === key ? state.count : first;
  const more = count < total;
  useEffect(() => {
    if (!more) return;
    const timer = setTimeout(() => setState({ key, count: count + step }), 0);
    return () => clearTimeout(timer);
  }, [more, count, key, step]);
  return Math.min(count, total);
}

/**
 * useNextTask is false in a component's first render and true from the next
 * task on: for what the first paint can do without (a folded filter's
 * choices), so the first screen is one shorter task and the rest follows
 * before anyone could reach it.
 */
export function useNextTask(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return ready;
}
