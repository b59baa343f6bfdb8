import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { can } from '../../../app/session/roles';
import { useSession } from '../../../app/session/session-context';
import { RestaurantPage } from '../../../components/RestaurantPage';
import { offersKeys, verifyCardQueryOptions, type RegisteredCard } from '../api/offers-api';
import { CardDialog } from '../components/CardDialog';
import { OfferForm } from '../components/OfferForm';
import { OwnerOfferList } from '../components/OwnerOfferList';
import '../offers.css';

/**
 * 'Crear Oferta': the card check runs on opening (200 either way); with a card the form is
 * enabled, without one a dialog demands registering one (the form stays
 * disabled); any other failure of the check is only logged.
 */
export default function CreateOfferPage() {
  const { t } = useTranslation();
  return (
    <RestaurantPage title={t('offerForm.pageTitle')} missingText={t('offerForm.missingClienteId')}>
      {/* Each restaurant starts with its own card check (and dialog state). */}
      {(clienteId) => <CreateOffer key={clienteId} clienteId={clienteId} />}
    </RestaurantPage>
  );
}

function CreateOffer({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { session } = useSession();
  // The card on file is the owner's to see and register: a manager's page checks nothing (the server has the last word).
  const owner = can(session, 'billing', clienteId);
  const card = useQuery({ ...verifyCardQueryOptions(clienteId), enabled: owner });
  const checking = owner && card.isPending;
  // "No card yet" is a normal answer (200, registrada false), not an error.
  const missing = card.isSuccess && !card.data.registrada;
  const onFile = card.isSuccess && card.data.registrada;
  const unknown = card.isError;
  // 'auto': the dialog opens by itself when the check finds no card.
  const [dialog, setDialog] = useState<'auto' | 'open' | 'closed'>('auto');
  const dialogOpen = dialog === 'open' || (dialog === 'auto' && missing);

  useEffect(() => {
    if (unknown) console.error('card check failed', card.error);
  }, [unknown, card.error]);

  function onRegistered(info: RegisteredCard) {
    queryClient.setQueryData(offersKeys.card(clienteId), { ...info, registrada: true });
    setDialog('closed');
  }

  return (
    <>
      {checking && <p role="status">{t('card.checking')}</p>}
      {onFile && (
        <p className="offers-card-on-file" data-testid="card-on-file">
          {t('card.onFile', { brand: card.data.brand || t('card.defaultBrand'), last4: card.data.last4 })}
        </p>
      )}
      {missing && (
        <div className="offers-card-missing">
          <p className="form__error">{t('card.needed')}</p>
          <button type="button" className="button button--primary" onClick={() => setDialog('open')}>
            {t('card.open')}
          </button>
        </div>
      )}
      <OfferForm clienteId={clienteId} disabled={checking || missing} />
      <OwnerOfferList clienteId={clienteId} />
      {dialogOpen && <CardDialog clienteId={clienteId} onClose={() => setDialog('closed')} onRegistered={onRegistered} />}
    </>
  );
}
