import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SETTINGS } from '../../../api/settings';
import { getSettingsQueryOptions } from '../../settings';
import { FormError, Notice, type Message } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { formatCents } from '../../../lib/money';
import { mediaUrl } from '../../../lib/media-url';
import { offersKeys, ownerCuponesQueryOptions, setCuponEstado, type Cupon, type CuponEstado } from '../api/offers-api';

/** The restaurant's offers with their sales, and Pausar / Reanudar / Finalizar. */
export function OwnerOfferList({ clienteId }: { clienteId: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(ownerCuponesQueryOptions(clienteId));
  const settings = useQuery(getSettingsQueryOptions(clienteId));
  const currency = settings.data?.moneda || DEFAULT_SETTINGS.moneda;
  // The expiry is the end of a day in the restaurant's zone (the server reads the form's date there).
  const zone = settings.data?.zona_horaria || undefined;
  const [busy, setBusy] = useState<number | null>(null);
  const [confirmEnd, setConfirmEnd] = useState<number | null>(null);
  const [message, setMessage] = useState<Message>(null);

  async function change(cupon: Cupon, estado: CuponEstado) {
    setBusy(cupon.id);
    setMessage(null);
    try {
      const updated = await setCuponEstado(clienteId, cupon.id, estado);
      queryClient.setQueryData<Cupon[]>(offersKeys.owner(clienteId), (list) =>
        list?.map((c) => (c.id === updated.id ? { ...c, ...updated } : c)),
      );
      setMessage({ kind: 'ok', text: t(`ownerOffers.changed.${estado}`, { title: cupon.titulo }) });
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err, t('ownerOffers.changeError'), t('errors.network')) });
    } finally {
      setBusy(null);
      setConfirmEnd(null);
    }
  }

  let body;
  if (query.isPending) body = <p role="status">{t('ownerOffers.loading')}</p>;
  else if (query.isError)
    body = <FormError error={errorText(query.error, t('ownerOffers.loadError'), t('errors.network'))} />;
  else if (!Array.isArray(query.data) || query.data.length === 0) body = <p className="muted">{t('ownerOffers.empty')}</p>;
  else
    body = (
      <ul className="offers-owner-list">
        {query.data.map((c) => (
          <li key={c.id} className="offers-owner-item" data-testid="owner-offer">
            {c.imagen_url && <img className="offers-owner-item__img" src={mediaUrl(c.imagen_url)} alt="" loading="lazy" />}
            <div className="offers-owner-item__body">
              <h3>{c.titulo}</h3>
              <dl className="offers-facts">
                <dt>{t('ownerOffers.code')}</dt>
                <dd>
                  <code>{c.codigo}</code>
                </dd>
                <dt>{t('ownerOffers.price')}</dt>
                <dd>
                  <s>{formatCents(c.precio, currency, i18n.language)}</s> {formatCents(c.precio_final, currency, i18n.language)}
                </dd>
                <dt>{t('ownerOffers.discount')}</dt>
                <dd>{c.descuento}%</dd>
                <dt>{t('ownerOffers.stock')}</dt>
                <dd data-testid="owner-offer-stock">{c.cantidad_disponible}</dd>
                <dt>{t('ownerOffers.sold')}</dt>
                <dd data-testid="owner-offer-sold">{c.vendidos}</dd>
                <dt>{t('ownerOffers.expires')}</dt>
                <dd>{formatDate(c.fecha_expiracion, i18n.language, zone)}</dd>
                <dt>{t('ownerOffers.state')}</dt>
                <dd>
                  <span className={`offers-badge offers-badge--${c.estado}`}>{t(`ownerOffers.estado.${c.estado}`, c.estado)}</span>
                </dd>
              </dl>
              {c.estado !== 'finalizado' && (
                <div className="offers-actions">
                  {c.estado === 'activo' && (
                    <button type="button" className="button button--small" disabled={busy !== null} onClick={() => void change(c, 'pausado')}>
                      {t('ownerOffers.pause')}
                    </button>
                  )}
                  {c.estado === 'pausado' && (
                    <button type="button" className="button button--small" disabled={busy !== null} onClick={() => void change(c, 'activo')}>
                      {t('ownerOffers.resume')}
                    </button>
                  )}
                  {confirmEnd === c.id ? (
                    <>
                      <span className="muted">{t('ownerOffers.endConfirm')}</span>
                      <button type="button" className="button button--small button--primary" disabled={busy !== null} onClick={() => void change(c, 'finalizado')}>
                        {t('ownerOffers.endYes')}
                      </button>
                      <button type="button" className="button button--small" disabled={busy !== null} onClick={() => setConfirmEnd(null)}>
                        {t('ownerOffers.endNo')}
                      </button>
                    </>
                  ) : (
                    <button type="button" className="button button--small" disabled={busy !== null} onClick={() => setConfirmEnd(c.id)}>
                      {t('ownerOffers.end')}
                    </button>
                  )}
                </div>
              )}
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="owner-offers-title">
      <h2 id="owner-offers-title" className="section-title">
        {t('ownerOffers.title')}
      </h2>
      <Notice message={message} />
      {body}
    </section>
  );
}
