/**
 * The browser calls of the checkout, behind one object so tests can replace
 * them (jsdom has no layout and no real navigation).
 */
export const browser = {
  /** The viewport's width in CSS pixels. */
  width(): number {
    return window.innerWidth;
  },
  /** Opens url in a new tab; null when the browser blocked it. */
  open(url: string): Window | null {
    const w = window.open(url, '_blank');
    // The checkout must not script this page back (noopener would make open() answer null).
    if (w) w.opener = null;
    return w;
  },
  /** Sends this window to url. */
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Spec section 9: a viewport of 768 px or less checks out in the same window. */
export const SAME_WINDOW_MAX_WIDTH = 768;

/**
 * openCheckout sends the diner to the hosted checkout: the same window on a
 * phone-sized viewport (≤ 768 px), a new tab on a wider one, and the same
 * window after all when the new tab was blocked. Returns where it went.
 */
export function openCheckout(url: string): 'same' | 'tab' {
  if (browser.width() <= SAME_WINDOW_MAX_WIDTH) {
    browser.assign(url);
    return 'same';
  }
  if (browser.open(url)) return 'tab';
  browser.assign(url);
  return 'same';
}
