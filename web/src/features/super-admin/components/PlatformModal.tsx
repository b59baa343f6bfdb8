import { useId, type ReactNode } from 'react';
import { Dialog } from '../../../components/Dialog';
import '../platform.css';

/** The super admin pages' modal: the shared accessible Dialog with a title heading naming it. */
export function PlatformModal({
  title,
  onClose,
  busy = false,
  children,
}: {
  title: string;
  onClose: () => void;
  busy?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog backdropClassName="platform-backdrop" className="platform-modal" labelledBy={titleId} onClose={onClose} busy={busy}>
      <h2 id={titleId} className="platform-modal__title">
        {title}
      </h2>
      {children}
    </Dialog>
  );
}
