import { useId } from 'react';
import { Dialog } from '../../../components/Dialog';
import { FormActions, SubmitButton } from '../../../components/Form';

type Props = {
  title: string;
  text: string;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A confirmation (delete a wine): the focus starts on 'Cancelar' and returns to the opener. */
export function ConfirmDialog({ title, text, confirmLabel, busyLabel, cancelLabel, busy, onConfirm, onCancel }: Props) {
  const id = useId();
  return (
    <Dialog
      backdropClassName="wine-backdrop"
      className="wine-dialog wine-dialog--small"
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      onClose={onCancel}
      busy={busy}
      portal
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-text`}>{text}</p>
      <FormActions className="wine-actions" cancelLabel={cancelLabel} onCancel={onCancel} busy={busy}>
        <SubmitButton type="button" busy={busy} label={confirmLabel} busyLabel={busyLabel} onClick={onConfirm} />
      </FormActions>
    </Dialog>
  );
}
