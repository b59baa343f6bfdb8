import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DINER_KEYS, LANGUAGE_STORAGE_KEY } from '../../lib/storage-keys';
import { FIRST_VIEW_ID } from '../../lib/first-view';
import { appPaintsItself, PROMOTION_COPY_ID, startFirstView, startUnderPromotion, STARTED_ATTR, STARTED_EVENT } from './first-view';
import { CODE_WAIT_MS, PAINT_FRAMES } from './start';

/**
 * The server-painted first view as the build's template gives it (trimmed):
 * the first row's pictures load with the HTML (fetchpriority=high), the
 * others and the background wait in data-src / data-bg.
 */
function paintFirstView(): HTMLImageElement[] {
  document.body.innerHTML =
    `<div id="${FIRST_VIEW_ID}" data-bg="/media/fondo.jpg"><div class="diner-shell"><ul>` +
    '<li><img src="/media/a.jpg" fetchpriority="high"></li><li><img src="/media/b.jpg" fetchpriority="high"></li>' +
    '<li><img data-src="/media/c.jpg" loading="lazy"></li></ul></div></div><div id="root"></div>';
  const first = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority=high]')];
  for (const img of first) Object.defineProperty(img, 'complete', { value: false });
  return first;
}

const args = { code: '<link rel="modulepreload" crossorigin href="/assets/menu.js">', entry: '/assets/index.js' };

/** Whether the app's code was started: its preloads and entry module in the head. */
function codeStarted(): boolean {
  const entry = document.head.querySelector<HTMLScriptElement>('script[type=module]');
  return !!entry && entry.src.endsWith('/assets/index.js') && !!document.head.querySelector('link[href="/assets/menu.js"]');
}

function waitingPicturesSet(): boolean {
  const view = document.getElementById(FIRST_VIEW_ID)!;
  return (
    view.querySelector('img[data-src]') === null &&
    view.querySelectorAll('img')[2].getAttribute('src') === '/media/c.jpg' &&
    !view.hasAttribute('data-bg') &&
    view.querySelector<HTMLElement>('.diner-shell')!.style.backgroundImage === 'url("/media/fondo.jpg")'
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
});

afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('appPaintsItself', () => {
  it('is the English choice or a signed-in diner (both keys), by the app\'s own keys', () => {
    const s = window.localStorage;
    expect(appPaintsItself(s)).toBe(false);
    expect(appPaintsItself(null)).toBe(false);
    s.setItem(LANGUAGE_STORAGE_KEY, 'es');
    expect(appPaintsItself(s)).toBe(false);
    s.setItem(DINER_KEYS.token, 'x');
    expect(appPaintsItself(s)).toBe(false);
    s.setItem(DINER_KEYS.usuarioId, '1');
    expect(appPaintsItself(s)).toBe(true);
    s.clear();
    s.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(appPaintsItself(s)).toBe(true);
  });
});

describe('startFirstView (no promotion: the first view starts the code)', () => {
  it('starts the code once the first row has loaded and painted, then sets the waiting pictures', async () => {
    const [a, b] = paintFirstView();
    startFirstView(args);
    await vi.advanceTimersByTimeAsync(500);
    expect(codeStarted()).toBe(false);
    expect(document.querySelector('img[data-src]')).not.toBeNull();

    a.onload!(new Event('load'));
    await vi.advanceTimersByTimeAsync(500);
    expect(codeStarted()).toBe(false);
    b.onerror!(new Event('error')); // a failed picture counts as done
    // Painted: PAINT_FRAMES frames after decoding (no paint entry in this browser), then a task.
    await vi.advanceTimersByTimeAsync(16 * (PAINT_FRAMES - 2));
    expect(codeStarted()).toBe(false);
    await vi.advanceTimersByTimeAsync(16 * 4);
    expect(codeStarted()).toBe(true);
    expect(waitingPicturesSet()).toBe(true);
    expect(document.getElementById(FIRST_VIEW_ID)).not.toBeNull();
    // Once: the latest start adds nothing.
    await vi.advanceTimersByTimeAsync(CODE_WAIT_MS);
    expect(document.head.querySelectorAll('script[type=module]')).toHaveLength(1);
  });

  it('starts the code after CODE_WAIT_MS when the pictures never arrive', async () => {
    paintFirstView();
    startFirstView(args);
    await vi.advanceTimersByTimeAsync(CODE_WAIT_MS - 1);
    expect(codeStarted()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(codeStarted()).toBe(true);
    expect(waitingPicturesSet()).toBe(true);
  });

  it('removes the Spanish visitor copy and starts the code at once for English or a signed-in diner', () => {
    paintFirstView();
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    startFirstView(args);
    expect(document.getElementById(FIRST_VIEW_ID)).toBeNull();
    expect(codeStarted()).toBe(true);

    document.head.innerHTML = '';
    window.localStorage.clear();
    paintFirstView();
    window.localStorage.setItem(DINER_KEYS.token, 't');
    window.localStorage.setItem(DINER_KEYS.usuarioId, '9');
    startFirstView(args);
    expect(document.getElementById(FIRST_VIEW_ID)).toBeNull();
    expect(codeStarted()).toBe(true);
  });
});

describe("startUnderPromotion (the promotion's copy starts the code)", () => {
  const promotionCopy = (started: boolean) => {
    const copy = document.createElement('div');
    copy.id = PROMOTION_COPY_ID;
    if (started) copy.setAttribute(STARTED_ATTR, '');
    document.body.prepend(copy);
    return copy;
  };

  it("sets the waiting pictures when the promotion's script starts the code, never the code itself", async () => {
    paintFirstView();
    promotionCopy(false);
    startUnderPromotion();
    await vi.advanceTimersByTimeAsync(CODE_WAIT_MS * 2);
    expect(waitingPicturesSet()).toBe(false);
    expect(codeStarted()).toBe(false);
    document.dispatchEvent(new Event(STARTED_EVENT));
    expect(waitingPicturesSet()).toBe(true);
    expect(codeStarted()).toBe(false);
  });

  it("sets them at once when the promotion's copy has started the code or is gone", () => {
    paintFirstView();
    promotionCopy(true);
    startUnderPromotion();
    expect(waitingPicturesSet()).toBe(true);

    paintFirstView();
    startUnderPromotion();
    expect(waitingPicturesSet()).toBe(true);
  });

  it('removes the copy for a diner the app paints itself', () => {
    paintFirstView();
    promotionCopy(false);
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    startUnderPromotion();
    expect(document.getElementById(FIRST_VIEW_ID)).toBeNull();
    expect(codeStarted()).toBe(false);
  });
});
