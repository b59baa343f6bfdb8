/**
 * The script of the promotion's copy (#menu-shell, painted by the server
 * when the menu has an image promotion, see promoShell in
 * internal/web/spa.go). It starts the app once the image has painted
 * (painted), failed, or after CODE_WAIT_MS at the latest, and lets the
 * categories' first view set its waiting pictures then (data-go on the
 * copy and the carta-go event, see first-view.ts). It removes the copy and
 * starts the app at once when the browser's stored state says the popup
 * stays closed: the app's own rule (features/menu/lib/popup-state.ts) on
 * the same popup. The app removes the copy in the frame its own popup
 * shows; the copy goes away by itself after COPY_LIFETIME_MS if the app
 * never starts.
 */
import { onPopupLoaded, readStoredPopup, type PopupSnapshot } from '../../features/menu/lib/popup-state';
import { CODE_WAIT_MS, type CodeArgs, painted, startCode } from './start';
import { PROMOTION_COPY_ID, STARTED_ATTR, STARTED_EVENT } from './first-view';

export type PromotionArgs = CodeArgs & {
  /** The restaurant (its id as the app's routes have it). */
  cliente: string;
  /** The promotion as GET /api/popups answers it (the fields serializePopup keeps). */
  popup: PopupSnapshot;
};

export const COPY_LIFETIME_MS = 8000;

export function startPromotion(args: PromotionArgs, doc: Document = document): void {
  const copy = doc.getElementById(PROMOTION_COPY_ID)!;
  const img = copy.querySelector('img')!;
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    copy.setAttribute(STARTED_ATTR, '');
    doc.dispatchEvent(new Event(STARTED_EVENT));
    startCode(doc, args);
  };
  if (!onPopupLoaded(args.popup, readStoredPopup(args.cliente)).open) {
    copy.remove();
    go();
    return;
  }
  const shown = () => painted(go, [img]);
  if (img.complete) shown();
  else {
    img.onload = shown;
    img.onerror = go;
  }
  setTimeout(go, CODE_WAIT_MS);
  setTimeout(() => copy.remove(), COPY_LIFETIME_MS);
}
