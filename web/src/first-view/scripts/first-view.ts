/**
 * The script after the menu's server-painted first view (#first-view, see
 * internal/web/firstview.go). A diner who chose English gets no Spanish
 * copy, nor does a signed-in diner (whose header and page differ from a
 * visitor's): the app paints theirs at once. Otherwise, like the
 * promotion's copy, it starts the app's code once the copy's first
 * pictures have loaded (or failed) and been painted (see painted), or
 * after CODE_WAIT_MS at the latest: on a phone's slow link the code would
 * otherwise take the bandwidth the largest paint needs.
 *
 * The copy's waiting pictures (their URLs in data-src, the background in
 * #first-view's data-bg) are set when the code starts, after the first row
 * has painted. Under the promotion's copy (startUnderPromotion), they are
 * set when the promotion's script starts the code (it marks #menu-shell
 * with data-go and sends a carta-go event), so after the promotion's image
 * has painted, and at once when the promotion's copy is not on the page
 * (its own script removed it: the diner closed that promotion before).
 */
import { LANGUAGE_STORAGE_KEY, DINER_KEYS } from '../../lib/storage-keys';
import { FIRST_VIEW_ID } from '../../lib/first-view';
import { CODE_WAIT_MS, type CodeArgs, painted, startCode, storage } from './start';

/** The id of the promotion's copy (promotion.ts) and what it tells the first view. */
export const PROMOTION_COPY_ID = 'menu-shell';
export const STARTED_ATTR = 'data-go';
export const STARTED_EVENT = 'carta-go';

/**
 * appPaintsItself: the stored state says the app paints another page than
 * the Spanish visitor's copy (the copy is rendered in Spanish, for a
 * visitor): English chosen, or a diner signed in (the rule of
 * lib/diner-session.ts: both keys present).
 */
export function appPaintsItself(s: Storage | null): boolean {
  if (!s) return false;
  return s.getItem(LANGUAGE_STORAGE_KEY) === 'en' || (!!s.getItem(DINER_KEYS.token) && !!s.getItem(DINER_KEYS.usuarioId));
}

/** setWaitingPictures sets the copy's pictures that waited (data-src, data-bg). */
export function setWaitingPictures(view: HTMLElement): void {
  const waiting = view.querySelectorAll<HTMLImageElement>('img[data-src]');
  for (let k = 0; k < waiting.length; k++) {
    waiting[k].src = waiting[k].getAttribute('data-src')!;
    waiting[k].removeAttribute('data-src');
  }
  const bg = view.getAttribute('data-bg');
  if (bg) {
    view.removeAttribute('data-bg');
    view.querySelector<HTMLElement>('.diner-shell')!.style.backgroundImage = `url("${bg}")`;
  }
}

/** startFirstView: the first view starts the code (no promotion's copy on the page). */
export function startFirstView(args: CodeArgs, doc: Document = document): void {
  const view = doc.getElementById(FIRST_VIEW_ID)!;
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    setWaitingPictures(view);
    startCode(doc, args);
  };
  if (appPaintsItself(storage(doc.defaultView!))) {
    view.remove();
    go();
    return;
  }
  const first = view.querySelectorAll<HTMLImageElement>('img[fetchpriority=high]');
  let n = first.length + 1;
  const one = () => {
    if (--n === 0) painted(go, first);
  };
  for (let k = 0; k < first.length; k++) {
    if (first[k].complete) one();
    else first[k].onload = first[k].onerror = one;
  }
  one();
  setTimeout(go, CODE_WAIT_MS);
}

/**
 * startUnderPromotion: the promotion's copy starts the code; the first
 * view's pictures wait for it.
 */
export function startUnderPromotion(doc: Document = document): void {
  const view = doc.getElementById(FIRST_VIEW_ID)!;
  if (appPaintsItself(storage(doc.defaultView!))) {
    view.remove();
    return;
  }
  const promotion = doc.getElementById(PROMOTION_COPY_ID);
  if (!promotion || promotion.hasAttribute(STARTED_ATTR)) setWaitingPictures(view);
  else doc.addEventListener(STARTED_EVENT, () => setWaitingPictures(view));
}
