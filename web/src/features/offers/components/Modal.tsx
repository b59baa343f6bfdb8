import { useId, type ReactNode } from 'react';
import { Dialog } from '../../../components/Dialog';

/**
 * The offers pages' modal: the shared accessible Dialog (focus, Tab trap,
 * Escape, backdrop, scroll lock) with its own title heading naming it.
 */
export function Modal({
  title,
  onClose,
  children,
  className,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  const titleId = useId();
  return (
    <Dialog
      backdropClassName="offers-backdrop"
      className={`offers-modal ${className ?? ''}`}
      labelledBy={titleId}
      onClose={onClose}
    >
      <h2 id={titleId} className="offers-modal__title">
        {title}
      </h2>
      {children}
    </Dialog>
  );
}
