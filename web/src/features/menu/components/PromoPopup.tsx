import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { useDinerShell } from '../../../components/DinerShell';
import { useDinerSession } from '../../../lib/diner-session';
import { getPopups, mediaKind, type Popup } from '../../../api/popups';
import { removeMenuShell } from '../lib/shell';
import { whenFirstViewGone } from '../../../lib/first-view';
import { useFetch } from '../../../lib/fetch-cache';
import { mediaUrl } from '../../../lib/media-url';
import { menuKeys } from '../api/menu-api';
import {
  onPopupClosed,
  onPopupLoaded,
  onPopupReopened,
  readStoredPopup,
  writeStoredPopup,
  type PopupDecision,
} from '../lib/popup-state';

/** The promotion's two parts: the reopen button (for the bottom bar) and the open dialog. */
export type Promotion = { button: ReactNode; dialog: ReactNode };

/**
 * The restaurant's promotion (its newest popup) as an accessible modal, with
 * a 'Ver Promoción' button (the page puts it in its bottom bar) once closed.
 * On the menu (`auto`) the open/closed rules of ../lib/popup-state.ts apply;
 * elsewhere ('Ordena en Línea') it never opens by itself: the button opens it.
 */
export function usePromotion(clienteId: string, auto = true): Promotion {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'es';
  // One read in both languages (name and name_en): switching the language
  // neither refetches nor turns the popup into "a new one" that reopens.
  const query = useFetch(menuKeys.popups(clienteId), () => getPopups(clienteId));
  const popup: Popup | null = query.data?.[0] ?? null;
  const [open, setOpen] = useState(false);
  const reopenRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  const apply = useCallback(
    (decision: PopupDecision) => {
      writeStoredPopup(clienteId, decision.stored);
      setOpen(decision.open);
    },
    [clienteId],
  );

  useEffect(() => {
    if (!auto) return;
    // The server's copy of the promotion stays until the app is on screen
    // (the app renders hidden behind the server's first view until its
    // categories are there): its own popup replaces the copy in that frame.
    if (query.isError) {
      // The spec only logs this; the menu itself must keep working.
      console.warn(t('menu.popupError'), query.error);
      return whenFirstViewGone(removeMenuShell);
    }
    if (!query.isSuccess) return;
    // The popup opens or not from what this browser stored: syncing with storage is an effect's job.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    apply(onPopupLoaded(popup, readStoredPopup(clienteId)));
    return whenFirstViewGone(removeMenuShell);
    // Re-run only when the popup itself changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [auto, query.isSuccess, query.isError, popup?.id, popup?.file_url, popup?.name, popup?.file_type, clienteId, apply]);

  useEffect(() => {
    // Return the focus to the reopen button after closing.
    if (wasOpen.current && !open) reopenRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  if (!popup || !popup.file_url) return { button: null, dialog: null };

  const close = () => (auto ? apply(onPopupClosed(readStoredPopup(clienteId))) : setOpen(false));
  const reopen = () => (auto ? apply(onPopupReopened(readStoredPopup(clienteId))) : setOpen(true));

  if (!open) {
    return {
      button: (
        <button type="button" ref={reopenRef} className="diner-bar__button promo-fab" onClick={reopen}>
          {t('menu.popupReopen')}
        </button>
      ),
      dialog: null,
    };
  }
  const name = lang === 'en' && popup.name_en?.trim() ? popup.name_en : popup.name;
  return { button: null, dialog: <PromoDialog popup={{ ...popup, name }} onClose={close} /> };
}

/**
 * A visitor not signed in finds the way to register inside the promotion:
 * on a first visit the promotion opens over the menu, and must not hide
 * 'Registrarse para más funciones'. It closes the promotion and opens the
 * shell's registration dialog.
 */
function PromoRegister({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const shell = useDinerShell();
  const session = useDinerSession();
  if (!shell || session) return null;
  return (
    <div className="promo__register" data-testid="promo-register">
      <p>{t('account.cta.text')}</p>
      <button
        type="button"
        className="button button--primary"
        aria-haspopup="dialog"
        onClick={() => {
          onClose();
          shell.openRegister();
        }}
      >
        {t('account.cta.button')}
      </button>
    </div>
  );
}

function PromoDialog({ popup, onClose }: { popup: Popup; onClose: () => void }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  const title = popup.name?.trim() || t('menu.popupDefaultTitle');
  const kind = mediaKind(popup.file_type);
  const src = mediaUrl(popup.file_url);

  let media;
  if (broken || kind === 'other') media = <p className="promo__unavailable">{t('menu.popupUnavailable')}</p>;
  else if (kind === 'image')
    media = <img className="promo__media" src={src} alt={title} decoding="async" onError={() => setBroken(true)} />;
  else
    media = (
      <video className="promo__media" src={src} controls muted playsInline preload="metadata" onError={() => setBroken(true)} />
    );

  // The focus starts on the close button; once closed, PromoPopup moves it
  // to the floating reopen button.
  return (
    <Dialog
      backdropClassName="promo-backdrop"
      className="promo"
      labelledBy="promo-title"
      initialFocus=".promo__close"
      onClose={onClose}
    >
      <div className="promo__head">
        <h2 id="promo-title" className="promo__title">
          {title}
        </h2>
        <button type="button" className="promo__close" aria-label={t('menu.popupClose')} onClick={onClose}>
          ×
        </button>
      </div>
      {media}
      <PromoRegister onClose={onClose} />
    </Dialog>
  );
}
