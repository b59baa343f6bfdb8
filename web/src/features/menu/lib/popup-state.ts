/**
 * The promotion popup's state rules (spec section 4), kept pure so that each
 * rule is tested on its own:
 *
 * 1. Fetched popup data that differs from the stored copy opens the popup,
 *    replaces the stored copy and resets the closed flag.
 * 2. The same data opens the popup unless it was closed before.
 * 3. Closing sets the closed flag (the floating 'Ver Promoción' button shows).
 * 4. The floating button clears the flag and opens the popup again.
 * 5. No popup: nothing opens and no button shows.
 *
 * Browser storage keys are the spec's: popup_data_{cliente_id} and
 * popup_closed_{cliente_id} (lib/storage-keys.ts).
 */
import { popupClosedKey, popupDataKey } from '../../../lib/storage-keys';

export type PopupSnapshot = { name: string; file_url: string; file_type: string; id?: number | string };

/** What the browser remembers about a restaurant's popup. */
export type StoredPopup = { data: string | null; closed: boolean };

/** The result of applying a rule: whether the modal is open and what to store. */
export type PopupDecision = { open: boolean; stored: StoredPopup };

export { popupDataKey, popupClosedKey };

/** The stored copy of a popup: a stable serialisation of the fields that make it "the same". */
export function serializePopup(p: PopupSnapshot): string {
  return JSON.stringify({ id: p.id ?? null, name: p.name ?? '', file_url: p.file_url ?? '', file_type: p.file_type ?? '' });
}

/** Rules 1, 2 and 5: the state right after the popup data is fetched. */
export function onPopupLoaded(popup: PopupSnapshot | null, stored: StoredPopup): PopupDecision {
  if (!popup || !popup.file_url) return { open: false, stored };
  const data = serializePopup(popup);
  if (data !== stored.data) return { open: true, stored: { data, closed: false } };
  return { open: !stored.closed, stored };
}

/** Rule 3: closing the modal. */
export function onPopupClosed(stored: StoredPopup): PopupDecision {
  return { open: false, stored: { ...stored, closed: true } };
}

/** Rule 4: the floating 'Ver Promoción' button. */
export function onPopupReopened(stored: StoredPopup): PopupDecision {
  return { open: true, stored: { ...stored, closed: false } };
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readStoredPopup(clienteId: string): StoredPopup {
  const s = storage();
  return {
    data: s?.getItem(popupDataKey(clienteId)) ?? null,
    closed: s?.getItem(popupClosedKey(clienteId)) === 'true',
  };
}

export function writeStoredPopup(clienteId: string, stored: StoredPopup): void {
  const s = storage();
  if (!s) return;
  try {
    if (stored.data === null) s.removeItem(popupDataKey(clienteId));
    else s.setItem(popupDataKey(clienteId), stored.data);
    if (stored.closed) s.setItem(popupClosedKey(clienteId), 'true');
    else s.removeItem(popupClosedKey(clienteId));
  } catch {
    // storage full or blocked: the popup still works for this visit
  }
}
