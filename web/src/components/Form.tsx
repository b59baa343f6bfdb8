import type { ReactNode } from 'react';

/** A form's or page's notice: a success (role status) or an error (role alert). */
export type Message = { kind: 'ok' | 'error'; text: string } | null;

/** Shows a Message: success as a polite status, error as an alert; nothing without one. */
export function Notice({ message, className = '' }: { message: Message; className?: string }) {
  if (!message) return null;
  const ok = message.kind === 'ok';
  return (
    <p className={`${ok ? 'form__ok' : 'form__error'} ${className}`.trim()} role={ok ? 'status' : 'alert'}>
      {message.text}
    </p>
  );
}

/** A form's error as an alert; nothing while there is none. */
export function FormError({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p className="form__error" role="alert">
      {error}
    </p>
  );
}

/**
 * The primary button of a form or dialog: disabled and marked busy while
 * its action runs, with `busyLabel` then ('Guardando...').
 */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  disabled = false,
  type = 'submit',
  onClick,
  describedBy,
}: {
  busy: boolean;
  label: ReactNode;
  busyLabel: ReactNode;
  /** Disabled for another reason than being busy. */
  disabled?: boolean;
  /** 'button' for an action outside a form (with onClick). */
  type?: 'submit' | 'button';
  onClick?: () => void;
  /** The id of what the button's description is (e.g. the total beside 'Pagar con Clover'). */
  describedBy?: string;
}) {
  return (
    <button
      type={type}
      className="button button--primary"
      disabled={busy || disabled}
      aria-busy={busy}
      aria-describedby={describedBy}
      onClick={onClick}
    >
      {busy ? busyLabel : label}
    </button>
  );
}

/**
 * The bottom row of a dialog's form: 'Cancelar' (disabled while busy) and
 * the primary action after it. `className` is the row's layout class of the
 * feature's dialogs.
 */
export function FormActions({
  className,
  cancelLabel,
  onCancel,
  busy,
  children,
}: {
  className: string;
  cancelLabel: ReactNode;
  onCancel: () => void;
  busy: boolean;
  /** The primary action, usually a SubmitButton. */
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <button type="button" className="button" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </button>
      {children}
    </div>
  );
}
