import type { TFunction } from 'i18next';
import { errorText } from '../../../lib/api-client';
import { isTimeoutError } from './timeout';

/**
 * The text of a failed category call: the time-out message (the short form
 * for create and assign, spec section 8), the network message, the server's
 * own message, or the fallback.
 */
export function categoryErrorText(t: TFunction, err: unknown, fallback: string, shortTimeout = false): string {
  if (isTimeoutError(err)) return t(shortTimeout ? 'categoriesAdmin.timeoutShort' : 'categoriesAdmin.timeout');
  return errorText(err, fallback, t('errors.network'));
}
