import type { ReactNode } from 'react';
import { Dialog } from '../../../components/Dialog';

/**
 * The diner pages' modal surface: the shared accessible Dialog (focus moved
 * to `initialFocus` or the first control, Tab trap, Escape, backdrop, scroll
 * lock). `variant="drawer"` slides in from the side instead of centring.
 * It is portalled to <body>: opened from the menu's fixed header (its own
 * stacking context), it must still cover the page and its floating buttons.
 */
export function Overlay({
  labelledBy,
  onClose,
  children,
  variant = 'dialog',
  id,
  initialFocus,
}: {
  labelledBy: string;
  onClose: () => void;
  children: ReactNode;
  variant?: 'dialog' | 'drawer';
  id?: string;
  initialFocus?: string;
}) {
  return (
    <Dialog
      portal
      backdropClassName={`acct-backdrop acct-backdrop--${variant}`}
      className={variant === 'drawer' ? 'acct-drawer' : 'acct-dialog'}
      id={id}
      labelledBy={labelledBy}
      onClose={onClose}
      initialFocus={initialFocus}
    >
      {children}
    </Dialog>
  );
}
