import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDinerSession } from '../../../lib/diner-session';
import { signOutDiner } from '../lib/diner-actions';
import { menuQuery } from '../lib/diner-restaurant';
import { Overlay } from './Overlay';
import '../account.css';

type Props = {
  /** The restaurant the links point into (or null when unknown). */
  clienteId: string | null;
  /** Extra class for the toggle (e.g. the light header variant). */
  tone?: 'header' | 'page';
};

/** The side-menu links of a signed-in diner (spec section 1 and 6). */
export function dinerLinks(clienteId: string | null) {
  const menu = menuQuery(clienteId);
  return [
    { key: 'account', to: `/usuario/cuenta${menu}` },
    { key: 'offers', to: `/usuario/ofertas${menu}` },
    { key: 'ordering', to: clienteId ? `/ordenar-en-linea/${encodeURIComponent(clienteId)}` : '/seleccionar-cliente' },
    { key: 'purchases', to: `/usuario/mis-compras${menu}` },
    { key: 'points', to: `/usuario/mis-puntos${menu}` },
    { key: 'restaurants', to: `/usuario/restaurantes${menu}` },
  ] as const;
}

/**
 * The signed-in diner's side drawer: a toggle for the header (a hamburger,
 * with its label shown on wide screens) opening a panel with Account,
 * Offers, Online Ordering, My Purchases, My Points, Restaurants and
 * 'Cerrar sesión'. Renders nothing for anyone not signed in as a diner, and
 * disappears when the diner signs out in another tab (storage event).
 */
export function DinerDrawer({ clienteId, tone = 'header' }: Props) {
  const { t } = useTranslation();
  const session = useDinerSession();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const panelId = `${id}-drawer`;
  const titleId = `${id}-title`;

  if (!session) {
    // Signed out (here or in another tab): close, so a later sign-in starts closed.
    if (open) setOpen(false);
    return null;
  }

  async function logout() {
    setBusy(true);
    await signOutDiner();
    setBusy(false);
    setOpen(false);
  }

  return (
    <>
      <button
        type="button"
        className={`acct-menu-toggle acct-menu-toggle--${tone}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(true)}
      >
        <svg className="acct-menu-toggle__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="acct-menu-toggle__label">{t('account.drawer.open')}</span>
      </button>
      {open && (
        <Overlay variant="drawer" id={panelId} labelledBy={titleId} onClose={() => setOpen(false)}>
          <div className="acct-drawer__head">
            <h2 id={titleId} className="acct-drawer__title">
              {t('account.drawer.title')}
            </h2>
            <button type="button" className="acct-close" aria-label={t('account.close')} onClick={() => setOpen(false)}>
              ×
            </button>
          </div>
          <nav aria-label={t('account.drawer.nav')}>
            <ul className="acct-drawer__links">
              {dinerLinks(clienteId).map((link) => (
                <li key={link.key}>
                  <Link to={link.to} className="acct-drawer__link" onClick={() => setOpen(false)}>
                    {t(`account.drawer.${link.key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <button type="button" className="button acct-drawer__logout" disabled={busy} onClick={() => void logout()}>
            {busy ? t('account.drawer.loggingOut') : t('account.drawer.logout')}
          </button>
        </Overlay>
      )}
    </>
  );
}

export default DinerDrawer;
