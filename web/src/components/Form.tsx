import { useId, type ReactNode } from 'react';

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

/** What a Field hands its control: the id its label names, and its description and validity. */
export type FieldControlProps = {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
};

/**
 * A form's `label + control + hint/error` block (`.field`): the label names
 * the control (htmlFor/id), the hint and the error describe it
 * (aria-describedby), and an error marks it invalid (aria-invalid). The
 * control is the render function's, so any input, textarea or select fits:
 *
 *   <Field label={t('offerForm.titulo')} error={errors.titulo}>
 *     {(control) => <input {...control} value={titulo} onChange={...} required />}
 *   </Field>
 *
 * `id` keeps a control's given id (one the page links to); otherwise one is made.
 */
export function Field({
  label,
  hint,
  error,
  id: givenId,
  className,
  children,
}: {
  label: ReactNode;
  /** A lasting help text under the control. */
  hint?: ReactNode;
  /** The control's validation error; none while empty. */
  error?: ReactNode;
  id?: string;
  /** Layout classes beside `field`. */
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const madeId = useId();
  const id = givenId ?? madeId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <small id={hintId} className="muted">
          {hint}
        </small>
      )}
      {error && (
        <span id={errorId} className="form__error field__error">
          {error}
        </span>
      )}
    </div>
  );
}
