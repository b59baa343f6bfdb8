import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTargetClienteId } from '../../../app/session/target-cliente';
import { isApiError } from '../../../lib/api-client';
import { verifyCard, type CardInfo } from '../api/offers-api';
import { CardDialog } from '../components/CardDialog';
import { OfferForm } from '../components/OfferForm';
import { OwnerOfferList } from '../components/OwnerOfferList';
import '../offers.css';

type CardState = { kind: 'checking' } | { kind: 'ok'; card: CardInfo } | { kind: 'missing' } | { kind: 'unknown' };

/**
 * 'Crear Oferta': the card check runs on opening; with a card the form is
 * enabled, without one a dialog demands registering one (the form stays
 * disabled); any other failure of the check is only logged.
 */
export default function CreateOfferPage() {
  const { t } = useTranslation();
  const clienteId = useTargetClienteId();
  const [card, setCard] = useState<CardState>({ kind: 'checking' });
  const [dialogOpen, setDialogOpen] = useState(false);

  useEffect(() => {
    if (!clienteId) return;
    const controller = new AbortController();
    setCard({ kind: 'checking' });
    verifyCard(clienteId, controller.signal).then(
      (info) => setCard({ kind: 'ok', card: info }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiError(err) && err.status === 404) {
          setCard({ kind: 'missing' });
          setDialogOpen(true);
          return;
        }
        console.error('card check failed', err);
        setCard({ kind: 'unknown' });
      },
    );
    return () => controller.abort();
  }, [clienteId]);

  if (!clienteId) {
    return (
      <section className="card">
        <h1>{t('offerForm.pageTitle')}</h1>
        <p className="form__error" role="alert">
          {t('offerForm.missingClienteId')}
        </p>
      </section>
    );
  }

  return (
    <section className="card">
      <h1>{t('offerForm.pageTitle')}</h1>
      {card.kind === 'checking' && <p role="status">{t('card.checking')}</p>}
      {card.kind === 'ok' && (
        <p className="offers-card-on-file" data-testid="card-on-file">
          {t('card.onFile', { brand: card.card.brand || t('card.defaultBrand'), last4: card.card.last4 })}
        </p>
      )}
      {card.kind === 'missing' && (
        <div className="offers-card-missing">
          <p className="form__error">{t('card.needed')}</p>
          <button type="button" className="button button--primary" onClick={() => setDialogOpen(true)}>
            {t('card.open')}
          </button>
        </div>
      )}
      <OfferForm clienteId={clienteId} disabled={card.kind === 'checking' || card.kind === 'missing'} />
      <OwnerOfferList clienteId={clienteId} />
      {dialogOpen && (
        <CardDialog
          clienteId={clienteId}
          onClose={() => setDialogOpen(false)}
          onRegistered={(info) => {
            setCard({ kind: 'ok', card: info });
            setDialogOpen(false);
          }}
        />
      )}
    </section>
  );
}
