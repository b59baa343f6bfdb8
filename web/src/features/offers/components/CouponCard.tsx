import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../lib/money';
import { mediaUrl } from '../../../lib/media-url';
import type { Cupon } from '../api/offers-api';
import { countdown, formatCountdown } from '../lib/countdown';

type Props = {
  cupon: Cupon;
  now: number;
  currency: string;
  signedIn: boolean;
  clienteId: string;
  onBuy: (cupon: Cupon) => void;
};

/** One coupon of the diner's offers grid. */
export function CouponCard({ cupon, now, currency, signedIn, clienteId, onBuy }: Props) {
  const { t, i18n } = useTranslation();
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const [broken, setBroken] = useState(false);
  const left = countdown(cupon.fecha_expiracion, now);
  const src = mediaUrl(cupon.imagen_url);
  const money = (cents: number) => formatCents(cents, currency, i18n.language);

  return (
    <article className="coupon-card" data-testid="coupon-card" aria-labelledby={`coupon-${cupon.id}`}>
      {src && !broken ? (
        <img className="coupon-card__img" src={src} alt={cupon.titulo} loading="lazy" decoding="async" onError={() => setBroken(true)} />
      ) : (
        <div className="coupon-card__img coupon-card__img--empty" aria-hidden="true" />
      )}
      <div className="coupon-card__body">
        <h3 id={`coupon-${cupon.id}`}>{cupon.titulo}</h3>
        <p className="coupon-card__desc">{cupon.descripcion}</p>
        <p className="coupon-card__discount">{t('offers.discount', { n: cupon.descuento })}</p>
        <p className="coupon-card__expiry" data-testid="coupon-countdown">
          {t('offers.expiresIn')}{' '}
          <strong className={left.expired ? 'coupon-card__expired' : undefined}>{formatCountdown(left, t)}</strong>
        </p>
        <p className="coupon-card__price">
          <s aria-label={t('offers.priceBefore', { price: money(cupon.precio) })}>{money(cupon.precio)}</s>{' '}
          <strong aria-label={t('offers.priceAfter', { price: money(cupon.precio_final) })}>{money(cupon.precio_final)}</strong>
        </p>
        <button
          type="button"
          className="button button--primary"
          disabled={left.expired}
          onClick={() => (signedIn ? onBuy(cupon) : setNeedsSignIn(true))}
        >
          {t('offers.buy')}
        </button>
        {needsSignIn && !signedIn && (
          <p className="coupon-card__signin" role="alert">
            {t('offers.signInToBuy')}{' '}
            <Link to={`/restaurante/${encodeURIComponent(clienteId)}`}>{t('offers.signInLink')}</Link>
          </p>
        )}
      </div>
    </article>
  );
}
