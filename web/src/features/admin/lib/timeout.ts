/** The spec's time-out for every call of the category screen (section 9). */
export const CATEGORY_TIMEOUT_MS = 10_000;

/** TimeoutError is thrown when the server did not answer within the time-out. */
export class TimeoutError extends Error {
  constructor() {
    super('timeout');
    this.name = 'TimeoutError';
  }
}

export function isTimeoutError(err: unknown): err is TimeoutError {
  return err instanceof TimeoutError;
}

/**
 * withTimeout runs `call` with an AbortSignal that fires after `ms`; it
 * rejects with TimeoutError at that moment even if the call ignores the
 * signal. An outer signal (a query being cancelled) aborts the call too.
 */
export function withTimeout<T>(
  call: (signal: AbortSignal) => Promise<T>,
  ms: number = CATEGORY_TIMEOUT_MS,
  outer?: AbortSignal,
): Promise<T> {
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener('abort', onOuterAbort, { once: true });

  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new TimeoutError());
      controller.abort(new TimeoutError());
    }, ms);
  });
  return Promise.race([call(controller.signal), timedOut]).finally(() => {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  });
}
