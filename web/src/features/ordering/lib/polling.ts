/**
 * The tab page's live refresh: every POLL_MS while the page is visible.
 * Behind one object so tests drive the ticks themselves (no wall clock).
 */
export const POLL_MS = 4000;

export const polling = {
  every(fn: () => void, ms: number): () => void {
    const timer = window.setInterval(fn, ms);
    return () => window.clearInterval(timer);
  },
  visible(): boolean {
    return document.visibilityState !== 'hidden';
  },
};
