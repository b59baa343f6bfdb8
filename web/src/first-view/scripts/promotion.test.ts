import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { popupClosedKey, popupDataKey } from '../../lib/storage-keys';
import { serializePopup } from '../../features/menu/lib/popup-state';
import { PROMOTION_COPY_ID, STARTED_ATTR, STARTED_EVENT } from './first-view';
import { COPY_LIFETIME_MS, startPromotion } from './promotion';
import { CODE_WAIT_MS, PAINT_FRAMES } from './start';

const popup = { id: 4, name: 'Promoción de la Casa', file_url: '/media/promo.jpg', file_type: 'image/jpeg' };
const args = { code: '<link rel="preload" as="fetch" crossorigin href="/api/popups?cliente_id=2">', entry: '/assets/index.js', cliente: '2', popup };

function paintCopy(): HTMLImageElement {
  document.body.innerHTML = `<div id="${PROMOTION_COPY_ID}" aria-hidden="true"><div><p data-t="x"></p><img src="/media/promo.jpg"></div></div><div id="root"></div>`;
  const img = document.querySelector('img')!;
  Object.defineProperty(img, 'complete', { value: false });
  return img;
}

const codeStarted = () => !!document.head.querySelector('script[type=module][src$="/assets/index.js"]') && !!document.head.querySelector('link[as=fetch]');
const copy = () => document.getElementById(PROMOTION_COPY_ID);

let started: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  started = vi.fn<() => void>();
  document.addEventListener(STARTED_EVENT, started);
});

afterEach(() => {
  document.removeEventListener(STARTED_EVENT, started);
  vi.useRealTimers();
  window.localStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('startPromotion', () => {
  it("starts the code once the promotion's image has painted, and tells the first view", async () => {
    const img = paintCopy();
    startPromotion(args);
    await vi.advanceTimersByTimeAsync(500);
    expect(codeStarted()).toBe(false);
    expect(started).not.toHaveBeenCalled();
    img.onload!(new Event('load'));
    await vi.advanceTimersByTimeAsync(16 * (PAINT_FRAMES + 2));
    expect(codeStarted()).toBe(true);
    expect(copy()).toHaveAttribute(STARTED_ATTR);
    expect(started).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(CODE_WAIT_MS);
    expect(started).toHaveBeenCalledTimes(1);
    // The app removes the copy when its own popup shows; if it never does, the copy goes by itself.
    expect(copy()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(COPY_LIFETIME_MS);
    expect(copy()).toBeNull();
  });

  it('starts the code at once when the image fails, and after CODE_WAIT_MS at the latest', async () => {
    paintCopy();
    startPromotion(args);
    expect(codeStarted()).toBe(false);
    copy()!.querySelector('img')!.onerror!(new Event('error'));
    expect(codeStarted()).toBe(true);

    document.head.innerHTML = '';
    paintCopy();
    startPromotion(args);
    await vi.advanceTimersByTimeAsync(CODE_WAIT_MS);
    expect(codeStarted()).toBe(true);
  });

  it('removes the copy and starts the code at once when the diner closed this same promotion (the app\'s rule and keys)', () => {
    window.localStorage.setItem(popupDataKey('2'), serializePopup(popup));
    window.localStorage.setItem(popupClosedKey('2'), 'true');
    paintCopy();
    startPromotion(args);
    expect(copy()).toBeNull();
    expect(codeStarted()).toBe(true);
    expect(started).toHaveBeenCalledTimes(1);
  });

  it('keeps the copy for a promotion that changed since the diner closed it, or one not closed', () => {
    window.localStorage.setItem(popupDataKey('2'), serializePopup({ ...popup, name: 'Otra' }));
    window.localStorage.setItem(popupClosedKey('2'), 'true');
    paintCopy();
    startPromotion(args);
    expect(copy()).not.toBeNull();
    expect(codeStarted()).toBe(false);

    window.localStorage.setItem(popupDataKey('2'), serializePopup(popup));
    window.localStorage.removeItem(popupClosedKey('2'));
    paintCopy();
    startPromotion(args);
    expect(copy()).not.toBeNull();
  });
});
