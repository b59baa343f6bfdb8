import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { FormActions, FormError, SubmitButton } from '../../../components/Form';

/** The longest cancellation reason the server takes (docs/api.md, pedido.motivo). */
export const MAX_MOTIVO = 200;

type Props = {
  numero: number;
  /** What happens to the payment: refunded by the provider, or marked for a refund by hand. */
  refundNote: string;
  /** Cancels with the reason; rejects with the text to show. */
  onConfirm: (motivo: string) => Promise<void>;
  onClose: () => void;
};

/** 'Cancelar pedido': a reason is required, and the payment is refunded (or marked for refund). */
export function CancelDialog({ numero, refundNote, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const reason = motivo.trim();
    if (!reason) {
      setError(t('orderBoard.cancelReasonRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onConfirm(reason);
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : t('errors.generic'));
      setBusy(false);
    }
  }

  return (
    <Dialog
      backdropClassName="board-backdrop"
      className="board-dialog"
      labelledBy={`${id}-title`}
      describedBy={`${id}-refund`}
      onClose={onClose}
      busy={busy}
      initialFocus="textarea"
      portal
    >
      <h2 id={`${id}-title`}>{t('orderBoard.cancelTitle', { numero })}</h2>
      <p id={`${id}-refund`} className="board-dialog__note">
        {refundNote}
      </p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-motivo`}>{t('orderBoard.cancelReason')}</label>
          <textarea
            id={`${id}-motivo`}
            value={motivo}
            maxLength={MAX_MOTIVO}
            required
            aria-required="true"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setMotivo(e.currentTarget.value)}
            rows={3}
          />
        </div>
        <div id={`${id}-error`}>
          <FormError error={error} />
        </div>
        <FormActions className="board-dialog__actions" cancelLabel={t('orderBoard.keepOrder')} onCancel={onClose} busy={busy}>
          <SubmitButton busy={busy} label={t('orderBoard.confirmCancel')} busyLabel={t('orderBoard.cancelling')} />
        </FormActions>
      </form>
    </Dialog>
  );
}
