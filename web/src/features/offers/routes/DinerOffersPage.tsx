import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SETTINGS } from '../../../api/settings';
import { getSettingsQueryOptions } from '../../settings';
import { useDinerShell } from '../../../components/DinerShell';
import { FormError } from '../../../components/Form';
import { useDinerSession } from '../../../lib/diner-session';
import {
  MerchantError,
  OffersFormatError,
  merchantQueryOptions,
  publicCuponesQueryOptions,
  type Cupon,
} from '../api/offers-api';
import { ConfirmPurchaseModal } from '../components/ConfirmPurchaseModal';
import { CouponCard } from '../components/CouponCard';
import { useNow } from '../lib/countdown';
import { resolveOffersClienteId, storedClienteId } from '../lib/cliente-id';
import '../offers.css';

/**
 * The diner's offers screen, inside the diner shell (whose navigation and
 * drawer replace the spec's sidebar): coupon grid with countdowns, purchase
 * confirmation.
 */
export default function DinerOffersPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'es';
  const [params] = useSearchParams();
  const { usuario_id: segment } = useParams();
  const clienteId = resolveOffersClienteId(params.get('menu'), segment, storedClienteId());
  const diner = useDinerSession();
  const now = useNow();
  const [buying, setBuying] = useState<Cupon | null>(null);
  const [pageError, setPageError] = useState<string | null>(null);

  const offers = useQuery({ ...publicCuponesQueryOptions(clienteId ?? '', lang), enabled: !!clienteId });
  const merchant = useQuery({ ...merchantQueryOptions(clienteId ?? ''), enabled: !!clienteId });
  // The shell of this restaurant has read its settings already: one read per page.
  const shell = useDinerShell();
  const inShell = !!clienteId && shell?.clienteId === clienteId;
  const settings = useQuery({ ...getSettingsQueryOptions(clienteId ?? ''), enabled: !!clienteId && !inShell });
  const currency = (inShell ? shell.settings?.moneda : settings.data?.moneda) || DEFAULT_SETTINGS.moneda;

  const merchantError = !clienteId
    ? t('offers.clienteUndefined')
    : merchant.isError
      ? t(`offers.${merchant.error instanceof MerchantError ? merchant.error.key : 'merchantError'}`)
      : null;

  async function onBuy(cupon: Cupon) {
    // Still loading, or failed earlier: wait for (or retry) the merchant id once.
    let merchantId = merchant.data;
    if (!merchantId && clienteId) merchantId = (await merchant.refetch({ cancelRefetch: false })).data;
    if (!merchantId) {
      setPageError(t('offers.merchantRetry'));
      return;
    }
    setPageError(null);
    setBuying(cupon);
  }

  let body;
  if (!clienteId) body = null;
  else if (offers.isPending) body = <p role="status">{t('offers.loading')}</p>;
  else if (offers.isError)
    body = <FormError error={offers.error instanceof OffersFormatError ? t('offers.formatError') : t('offers.loadError')} />;
  else if (offers.data.length === 0) body = <p className="muted">{t('offers.empty')}</p>;
  else
    body = (
      <div className="coupon-grid">
        {offers.data.map((c) => (
          <CouponCard key={c.id} cupon={c} now={now} currency={currency} signedIn={!!diner} clienteId={clienteId} onBuy={(c) => void onBuy(c)} />
        ))}
      </div>
    );

  return (
    <div className="offers-layout">
      <section className="card offers-main">
        <h1>{t('offers.title')}</h1>
        <FormError error={merchantError} />
        <FormError error={pageError} />
        {body}
      </section>
      {buying && diner && (
        <ConfirmPurchaseModal
          cupon={buying}
          merchantId={merchant.data ?? null}
          clienteId={clienteId}
          usuarioId={diner.usuarioId}
          currency={currency}
          onClose={() => setBuying(null)}
        />
      )}
    </div>
  );
}
