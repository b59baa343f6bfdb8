import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/Form';
import { errorText, isApiError } from '../../../lib/api-client';
import { getClienteQueryOptions } from '../api/get-cliente';
import { can } from '../../../app/session/roles';
import { useSession } from '../../../app/session/session-context';
import { CloverConnectCard } from '../components/CloverConnectCard';
import { CONNECT_ANCHOR, FirstStepsCard, QR_ANCHOR } from '../components/FirstStepsCard';
import { MenuQrCard } from '../components/MenuQrCard';
import { SummarySection } from '../components/SummarySection';
import { REDEEM_ANCHOR, panelHref } from '../lib/sections';
import { PlatformFeesCard } from '../../offers';
import { RedeemVoucherCard } from '../../vouchers';
import { LinkPersonCard } from '../../team';
import '../dashboard.css';

/**
 * Restaurant panel: its state, the summary (today's orders, 30 days of
 * coupons, revenue and fees), voucher redemption, the menu's and the
 * tables' QR codes, the platform's fees and the Clover connection (first
 * when the restaurant is not connected). The sections, the restaurant's
 * name and sign-out are in the staff navigation (StaffLayout).
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { cliente_id: clienteId = '' } = useParams();
  const query = useQuery(getClienteQueryOptions(clienteId));
  const { session } = useSession();
  const panel = panelHref(session.status === 'authenticated' && session.isSuperadmin, clienteId);
  const { hash } = useLocation();
  const loaded = query.isSuccess;
  // A link to a part of the panel ('Canjear cupón', a first step): scroll to it and move the focus there.
  useEffect(() => {
    const target = loaded && hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!target) return;
    target.scrollIntoView?.({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash, loaded]);

  let body;
  if (query.isPending) {
    body = <p role="status">{t('dashboard.loadingRestaurant')}</p>;
  } else if (query.isError) {
    const err = query.error;
    const message =
      isApiError(err) && err.status === 403
        ? t('errors.forbidden')
        : isApiError(err) && err.status === 404
          ? t('errors.notFound')
          : errorText(err, t('errors.generic'), t('errors.network'));
    body = <FormError error={message} />;
  } else {
    // Not connected (or refused by Clover): connecting comes first.
    const mustConnect = !query.data.pos_conectado || query.data.pos_reconectar;
    const connect = (
      <div id={CONNECT_ANCHOR} tabIndex={-1} className="panel-anchor">
        <CloverConnectCard cliente={query.data} />
      </div>
    );
    body = (
      <>
        {query.data.estado === 'suspendido' && (
          <p className="dashboard-alert" role="alert">
            {t('dashboard.suspendedNotice')}
          </p>
        )}
        {query.data.pos_reconectar && (
          <p className="dashboard-alert" role="alert">
            {t('dashboard.reconnectNotice')}
          </p>
        )}
        <FirstStepsCard clienteId={clienteId} panel={panel} />
        {mustConnect && connect}
        <SummarySection clienteId={clienteId} />
        <div id={REDEEM_ANCHOR} tabIndex={-1} className="panel-anchor">
          <RedeemVoucherCard clienteId={clienteId} />
        </div>
        <div id={QR_ANCHOR} tabIndex={-1} className="panel-anchor">
          <MenuQrCard clienteId={clienteId} />
        </div>
        {/* The card on file and the fees are the owner's (a manager's panel leaves them out). */}
        {can(session, 'billing', clienteId) && <PlatformFeesCard clienteId={clienteId} />}
        {!mustConnect && connect}
        {session.status === 'authenticated' && session.isSuperadmin && <LinkPersonCard clienteId={clienteId} />}
      </>
    );
  }

  return (
    <section className="card">
      <h1>{t('dashboard.title')}</h1>
      {body}
    </section>
  );
}
