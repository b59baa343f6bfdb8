import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions, FormError } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { formatCents } from '../../../lib/money';
import { checkoutCoupon, couponTotalCents, SERVICE_FEE_CENTS, type Cupon } from '../api/offers-api';
import { browser } from '../lib/browser';
import { Modal } from './Modal';

type Props = {
  cupon: Cupon;
  merchantId: string | null;
  clienteId: string | null;
  usuarioId: string;
  currency: string;
  onClose: () => void;
};

/**
 * 'Confirmar Compra': the price breakdown (price, discount, discounted price,
 * the 500-cent service fee, total) and 'Ir a Clover', which starts the hosted
 * checkout and sends the browser there.
 */
export function ConfirmPurchaseModal({ cupon, merchantId, clienteId, usuarioId, currency, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const money = (cents: number) => formatCents(cents, currency, i18n.language);
  const total = couponTotalCents(cupon);

  async function onPay() {
    if (busy) return;
    if (!merchantId) {
      setError(t('offers.noMerchantForCliente'));
      return;
    }
    if (!clienteId || !/^\d+$/.test(clienteId)) {
      setError(t('offers.noValidCliente'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const res = await checkoutCoupon({ merchant_id: merchantId, usuario_id: usuarioId, cupon_id: cupon.id, total_amount: total });
      if (!res?.checkout_url) throw new Error('no checkout_url');
      browser.assign(res.checkout_url);
    } catch (err) {
      setError(errorText(err, t('offers.checkoutError'), t('errors.network')));
      setBusy(false);
    }
  }

  return (
    <Modal title={t('offers.confirmTitle')} onClose={() => !busy && onClose()}>
      <p className="offers-confirm__name">{cupon.titulo}</p>
      <dl className="offers-breakdown" data-testid="purchase-breakdown">
        <dt>{t('offers.price')}</dt>
        <dd>{money(cupon.precio)}</dd>
        <dt>{t('offers.discountLabel')}</dt>
        <dd>{cupon.descuento}%</dd>
        <dt>{t('offers.discountedPrice')}</dt>
        <dd>{money(cupon.precio_final)}</dd>
        <dt className="offers-breakdown__total">{t('offers.total')}</dt>
        <dd className="offers-breakdown__total" data-testid="purchase-total">
          {money(total)}
        </dd>
      </dl>
      <p className="muted">{t('offers.feeNote', { fee: formatCents(SERVICE_FEE_CENTS, currency, i18n.language) })}</p>
      <FormError error={error} />
      <FormActions className="offers-actions" cancelLabel={t('offers.cancel')} onCancel={onClose} busy={busy}>
        <button type="button" className="button button--primary" onClick={() => void onPay()} disabled={busy} aria-busy={busy}>
          {busy && <span className="loading__spinner offers-spinner" aria-hidden="true" />}
          {t('offers.goToCheckout')}
        </button>
      </FormActions>
    </Modal>
  );
}
