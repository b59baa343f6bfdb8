import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { useDinerSession } from '../../../lib/diner-session';
import { useDinerShell } from '../../../components/DinerShell';
import { MenuScreen } from '../../menu';
import { usuarioMenuQueryOptions } from '../api/account-queries';
import { signedOutTarget } from '../components/DinerPage';
import { dropDinerSessionOn401, useRecordRestaurant } from '../lib/diner-actions';
import { validClienteId } from '../lib/diner-restaurant';
import '../account.css';

/**
 * 'Panel de Usuario' (/usuario/:usuario_id): the restaurant's menu in the
 * diner shell (whose navigation leads back to the menu and whose drawer is
 * the diner's), the restaurant's name in the title and 'Ofertas y Cupones'. The restaurant is `?menu=`, else the
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
  const shell = useDinerShell();
  const fromQuery = validClienteId(params.get('menu'));
  const usuarioId = session?.usuarioId ?? null;
  const ownPanel = usuarioId !== null && usuarioId === routeId;
  // No ?menu=: ask the server for the diner's last restaurant.
  const lookup = useQuery({ ...usuarioMenuQueryOptions(usuarioId ?? ''), enabled: ownPanel && !fromQuery });
  const found = lookup.isSuccess ? validClienteId(lookup.data == null ? null : String(lookup.data)) : null;

  // Signed out (here or in another tab): back to the restaurant's public page.
  useEffect(() => {
    if (!usuarioId) void navigate(signedOutTarget(fromQuery), { replace: true });
  }, [usuarioId, fromQuery, navigate]);

  // The server's answer goes into the URL, which shows that restaurant's menu.
  useEffect(() => {
    if (!ownPanel || fromQuery || !found) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('menu', found);
        return next;
      },
      { replace: true },
    );
  }, [ownPanel, fromQuery, found, setParams]);

  useEffect(() => {
    if (lookup.isError) dropDinerSessionOn401(lookup.error);
  }, [lookup.isError, lookup.error]);

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

  // The shell reads the restaurant's settings: its name, once known, titles the panel.
  const restaurantName = shell?.clienteId === fromQuery ? shell.restaurantName : '';

  if (!fromQuery) {
    return (
      <div className="acct-page acct-page--bare">
        <div className="acct-page__head">
          <h1 className="acct-page__title">{t('account.panel.titleNoRestaurant')}</h1>
        </div>
        {lookup.isPending || found ? (
          <p className="acct-status" role="status">
            {t('menu.loading')}
          </p>
        ) : (
          <div className="acct-status">
            <FormError
              error={
                lookup.isError
                  ? errorText(lookup.error, t('account.panel.loadError'), t('errors.network'))
                  : t('menu.missingClienteId')
              }
            />
            <Link className="button button--primary" to="/restaurante/seleccion">
              {t('account.panel.chooseRestaurant')}
            </Link>
          </div>
        )}
      </div>
    );
  }

  return (
    <MenuScreen key={fromQuery} clienteId={fromQuery}>
      <section className="acct-panel" aria-labelledby="acct-panel-title">
        <h2 id="acct-panel-title" className="acct-panel__title">
          {restaurantName
            ? t('account.panel.title', { name: restaurantName })
            : t('account.panel.titleNoRestaurant')}
        </h2>
        <div className="acct-panel__actions">
          <Link className="button button--primary" to={`/usuario/ofertas?menu=${encodeURIComponent(fromQuery)}`}>
            {t('account.panel.offers')}
          </Link>
        </div>
      </section>
    </MenuScreen>
  );
}
