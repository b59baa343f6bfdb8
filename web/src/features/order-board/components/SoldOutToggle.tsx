import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { setSoldOut } from '../api/order-board-api';
import '../controls.css';

type Props = {
  clienteId: string;
  productId: number;
  productName: string;
  /** The owner marked it sold out for today. */
  agotadoHoy: boolean;
  onSaved: (agotadoHoy: boolean) => void;
};

/**
 * 'Agotado hoy': takes a product off the online menu until the restaurant's
 * midnight (PUT /api/clover/products/{id}/agotado), or puts it back.
 */
export function SoldOutToggle({ clienteId, productId, productName, agotadoHoy, onSaved }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onChange(next: boolean) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await setSoldOut(clienteId, productId, next);
      onSaved(typeof answer?.agotado === 'boolean' ? answer.agotado : next);
    } catch (err) {
      setError(errorText(err, t('soldOut.error'), t('errors.network')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="sold-out">
      <label className="check-field" htmlFor={`${id}-input`}>
        <input
          id={`${id}-input`}
          type="checkbox"
          checked={agotadoHoy === true}
          // Not `disabled` while saving: that would drop the keyboard focus
          // (and, in the board's panel, Escape with it); a click meanwhile is ignored.
          aria-disabled={busy || undefined}
          aria-busy={busy}
          aria-describedby={`${id}-hint`}
          onChange={(e) => void onChange(e.currentTarget.checked)}
          data-testid="sold-out-toggle"
        />
        <span>{t('soldOut.label')}</span>
        <span className="visually-hidden">: {productName}</span>
      </label>
      <span id={`${id}-hint`} className="muted sold-out__hint">
        {t('soldOut.hint')}
      </span>
      <FormError error={error} />
    </div>
  );
}
