import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice, SubmitButton, type Message } from '../../../components/Form';
import { createWine, type Vino } from '../api/wines-api';
import { EMPTY_WINE, checkWine, toInput, type WineFormValues } from '../lib/wine-form';
import { WineFields } from './WineFields';

type Props = {
  clienteId: string;
  /** Starting values (the lookup's result); the blank form otherwise. */
  initial?: WineFormValues;
  inferred?: ReadonlySet<keyof WineFormValues>;
  submitLabel?: string;
  busyLabel?: string;
  onAdded: (vino: Vino) => void;
  onCancel?: () => void;
};

/**
 * A wine to add (POST /api/vinos): 'Nuevo vino' and the lookup's import.
 * nombre and precio are required here too (the price is prefilled with the
 * spec's 45.50 on import).
 */
export function NewWineForm({ clienteId, initial = EMPTY_WINE, inferred, submitLabel, busyLabel, onAdded, onCancel }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const problem = checkWine(values);
    if (problem) {
      setMessage({ kind: 'error', text: t(problem === 'required' ? 'wines.required' : 'wines.invalid') });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const answer = await createWine(clienteId, toInput(values));
      onAdded(answer.vino);
      setValues(EMPTY_WINE);
      setMessage({ kind: 'ok', text: t('wines.added') });
    } catch {
      setMessage({ kind: 'error', text: t('wines.addError') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <WineFields values={values} onChange={setValues} inferred={inferred} />
      <Notice message={message} />
      <div className="wine-actions">
        {onCancel && (
          <button type="button" className="button" onClick={onCancel} disabled={busy}>
            {t('wines.lookup.discard')}
          </button>
        )}
        <SubmitButton busy={busy} label={submitLabel ?? t('wines.addWine')} busyLabel={busyLabel ?? t('wines.adding')} />
      </div>
    </form>
  );
}
