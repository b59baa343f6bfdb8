import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Field, FormError, SubmitButton } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { useDebounced } from '../../../lib/use-debounced';
import { clientsQueryOptions, type Cliente } from '../api/platform-api';
import { PlatformModal } from './PlatformModal';

const SEARCH_DELAY_MS = 300;
const CHOICES = 8;

/**
 * Asked when 'Configuración del Token de Clover' names a Merchant ID no
 * restaurant has (often a typo): connect an existing restaurant (its own
 * Merchant ID, or the one typed when it has none) or, explicitly, create a
 * new one. Nothing was created or spent before this choice.
 */
export function ChooseRestaurantDialog({
  merchantId,
  nombre,
  busy,
  error,
  onPick,
  onCreate,
  onClose,
}: {
  merchantId: string;
  nombre: string;
  busy: boolean;
  error: string | null;
  onPick: (c: Cliente) => void;
  onCreate: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useState('');
  const q = useDebounced(search, SEARCH_DELAY_MS);
  const query = useQuery(clientsQueryOptions({ q, estado: '', limit: CHOICES, offset: 0 }));
  const [picked, setPicked] = useState<Cliente | null>(null);
  const choices = query.data?.clientes ?? [];
  const uses = picked?.merchant_id && picked.merchant_id !== merchantId ? picked.merchant_id : null;

  return (
    <PlatformModal title={t('clover.chooseTitle')} onClose={onClose} busy={busy}>
      <p>{t('clover.chooseIntro', { merchantId })}</p>
      <Field id={`${id}-q`} label={t('clover.searchRestaurant')}>
        {(control) => <input {...control} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('platform.searchPlaceholder')} />}
      </Field>
      <fieldset className="fieldset clover-choices">
        <legend>{t('clover.existing')}</legend>
        {query.isPending && <p role="status">{t('platform.loading')}</p>}
        {query.isError && <FormError error={errorText(query.error, t('platform.loadError'), t('platform.serverUnreachable'))} />}
        {query.isSuccess && choices.length === 0 && <p className="muted">{t('platform.noMatches')}</p>}
        {choices.map((c) => (
          <label key={c.id} className="clover-choice">
            <input type="radio" name={`${id}-cliente`} checked={picked?.id === c.id} onChange={() => setPicked(c)} />
            <span>
              #{c.id} {c.nombre}{' '}
              <span className="muted">
                {c.merchant_id ? t('clover.choiceMerchant', { merchantId: c.merchant_id }) : t('clover.choiceNoMerchant')}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {uses && <p className="muted">{t('clover.usesItsMerchant', { merchantId: uses })}</p>}
      <FormError error={error} />
      <div className="platform-modal__actions">
        <button type="button" className="button" onClick={onClose} disabled={busy}>
          {t('platform.cancel')}
        </button>
        <SubmitButton
          type="button"
          busy={busy}
          disabled={!picked}
          label={t('clover.connectPicked')}
          busyLabel={t('clover.submitting')}
          onClick={() => picked && onPick(picked)}
        />
      </div>
      <hr className="clover-choices__or" />
      <p>{t('clover.createIntro', { merchantId })}</p>
      <div className="platform-modal__actions">
        <button type="button" className="button" disabled={busy} onClick={onCreate}>
          {t('clover.createNew', { nombre: nombre.trim() || t('clover.defaultNombre') })}
        </button>
      </div>
    </PlatformModal>
  );
}
