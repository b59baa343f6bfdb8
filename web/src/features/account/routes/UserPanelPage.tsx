import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-client';
import { useDinerSession } from '../../../lib/diner-session';
import { MenuScreen } from '../../menu/components/MenuScreen';
import { getUsuarioMenu } from '../api/account-api';
import { DinerDrawer } from '../components/DinerDrawer';
import { signedOutTarget } from '../components/DinerPage';
import { dropDinerSessionOn401, useRecordRestaurant } from '../lib/diner-actions';
import { validClienteId } from '../lib/diner-restaurant';
import '../account.css';

type Lookup = { status: 'loading' } | { status: 'none' } | { status: 'error'; message: string };

/**
 * 'Panel de Usuario' (/usuario/:usuario_id): the restaurant's menu with the
 * diner's side drawer, the restaurant id in the title, 'Volver al Menú'
 * (/menu/{id}) and 'Ofertas y Cupones'. The restaurant is `?menu=`, else the
 * one the server remembers (GET /api/usuario/menu); without one it shows
 * the missing-restaurant error. Not signed in: 'Cargando menú...' and back to
 * the restaurant's public page.
 */
export default function UserPanelPage() {
  const { t } = useTranslation();
  const { usuario_id: routeId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const session = useDinerSession();
  const fromQuery = validClienteId(params.get('menu'));
  const [lookup, setLookup] = useState<Lookup>({ status: 'loading' });
  const usuarioId = session?.usuarioId ?? null;
  const ownPanel = usuarioId !== null && usuarioId === routeId;

  // Signed out (here or in another tab): back to the restaurant's public page.
  useEffect(() => {
    if (!usuarioId) navigate(signedOutTarget(fromQuery), { replace: true });
  }, [usuarioId, fromQuery, navigate]);

  // No ?menu=: ask the server for the diner's last restaurant and put it in the URL.
  useEffect(() => {
    if (!ownPanel || fromQuery || !usuarioId) return;
    const ctrl = new AbortController();
    setLookup({ status: 'loading' });
    getUsuarioMenu(usuarioId, ctrl.signal).then(
      (id) => {
        if (ctrl.signal.aborted) return;
        const valid = validClienteId(id == null ? null : String(id));
        if (!valid) {
          setLookup({ status: 'none' });
          return;
        }
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            next.set('menu', valid);
            return next;
          },
          { replace: true },
        );
      },
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        dropDinerSessionOn401(err);
        setLookup({ status: 'error', message: errorText(err, t('account.panel.loadError'), t('errors.network')) });
      },
    );
    return () => ctrl.abort();
  }, [ownPanel, fromQuery, usuarioId, setParams, t]);

  useRecordRestaurant(session, fromQuery, ownPanel);

  if (!usuarioId) {
    return (
      <p className="acct-status acct-status--page" role="status">
        {t('menu.loading')}
      </p>
    );
  }
  if (!ownPanel) {
    // Another diner's panel: open the signed-in diner's own one instead.
    const search = params.toString();
    return <Navigate to={`/usuario/${encodeURIComponent(usuarioId)}${search ? `?${search}` : ''}`} replace />;
  }

  if (!fromQuery) {
    return (
      <div className="acct-page acct-page--bare">
        <div className="acct-page__head">
          <h1 className="acct-page__title">{t('account.panel.titleNoRestaurant')}</h1>
          <DinerDrawer clienteId={null} tone="page" />
        </div>
        {lookup.status === 'loading' ? (
          <p className="acct-status" role="status">
            {t('menu.loading')}
          </p>
        ) : (
          <div className="acct-status">
            <p className="form__error" role="alert">
              {lookup.status === 'error' ? lookup.message : t('menu.missingClienteId')}
            </p>
            <Link className="button button--primary" to="/restaurante/seleccion">
              {t('account.panel.chooseRestaurant')}
            </Link>
          </div>
        )}
      </div>
    );
  }

  return (
    <MenuScreen key={fromQuery} clienteId={fromQuery} headerActions={<DinerDrawer clienteId={fromQuery} />}>
      <section className="acct-panel" aria-labelledby="acct-panel-title">
        <h2 id="acct-panel-title" className="acct-panel__title">
          {t('account.panel.title', { id: fromQuery })}
        </h2>
        <div className="acct-panel__actions">
          <Link className="button" to={`/menu/${encodeURIComponent(fromQuery)}`}>
            {t('account.panel.backToMenu')}
          </Link>
          <Link className="button button--primary" to={`/usuario/ofertas?menu=${encodeURIComponent(fromQuery)}`}>
            {t('account.panel.offers')}
          </Link>
        </div>
      </section>
    </MenuScreen>
  );
}
