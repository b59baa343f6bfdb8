import type { ReactNode } from 'react';
import { Dialog } from '../../../components/Dialog';

type Props = {
  titleId: string;
  onClose: () => void;
  /** Blocks Escape and backdrop clicks (e.g. while saving). */
  busy?: boolean;
  children: ReactNode;
  describedBy?: string;
};

/**
 * The admin pages' modal: the shared accessible Dialog (focus, Tab trap,
 * Escape, backdrop, scroll lock) in the admin-backdrop / admin-dialog styles.
 */
export function Modal({ titleId, onClose, busy = false, children, describedBy }: Props) {
  return (
    <Dialog
      backdropClassName="admin-backdrop"
      className="admin-dialog"
      labelledBy={titleId}
      describedBy={describedBy}
      onClose={onClose}
      busy={busy}
    >
      {children}
    </Dialog>
  );
}
