import type { Message } from '../lib/messages';

/** Shows a Message: success as a polite status, error as an alert. */
export function Notice({ message, className = '' }: { message: Message; className?: string }) {
  if (!message) return null;
  const ok = message.kind === 'ok';
  return (
    <p className={`${ok ? 'form__ok' : 'form__error'} ${className}`.trim()} role={ok ? 'status' : 'alert'}>
      {message.text}
    </p>
  );
}
