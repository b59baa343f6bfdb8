import { createContext, useContext, useEffect, useReducer } from 'react';
import { isApiError } from './api-client';

/**
 * A small keyed fetch cache for the public diner menu, so that its first load
 * does not need TanStack Query (about 10 KB gzip): the staff pages keep using
 * react-query. It follows the same rules as the app's query client
 * (app/query-client.ts): answers are fresh for 30 s, 4xx answers are not
 * retried, other failures are retried twice (1 s, then 2 s later), and a
 * failed refetch keeps the data it had.
 */

/** Whether to try a failed request again (shared with app/query-client.ts). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status < 500) return false;
  return failureCount < 2;
}

/** Same backoff as TanStack Query's default: 1 s, 2 s, 4 s... at most 30 s. */
export function retryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

export const STALE_TIME_MS = 30_000;

export type FetchState<T> =
  | { status: 'pending'; isPending: true; isError: false; isSuccess: false; data: undefined; error: null }
  | { status: 'error'; isPending: false; isError: true; isSuccess: false; data: T | undefined; error: unknown }
  | { status: 'success'; isPending: false; isError: false; isSuccess: true; data: T; error: null };

const PENDING: FetchState<never> = {
  status: 'pending',
  isPending: true,
  isError: false,
  isSuccess: false,
  data: undefined,
  error: null,
};

type Entry = {
  state: FetchState<unknown>;
  /** When the data was last fetched (0: never). */
  updatedAt: number;
  inflight: boolean;
  listeners: Set<() => void>;
};

export type Fetcher<T> = () => Promise<T>;

/**
 * Answers every new FetchCache starts with (key → data), set by
 * primeFetchCaches. Only the build step that renders the first views
 * (src/first-view/render.tsx) uses it: it renders the real components
 * synchronously, without fetching.
 */
let primed = new Map<string, unknown>();

/** primeFetchCaches makes every FetchCache created afterwards start with these answers (build-time rendering only). */
export function primeFetchCaches(data: Record<string, unknown>): void {
  primed = new Map(Object.entries(data));
}

export class FetchCache {
  private readonly entries = new Map<string, Entry>();

  private entry(key: string): Entry {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = primed.has(key)
        ? {
            state: { status: 'success', isPending: false, isError: false, isSuccess: true, data: primed.get(key), error: null },
            updatedAt: Date.now(),
            inflight: false,
            listeners: new Set(),
          }
        : { state: PENDING, updatedAt: 0, inflight: false, listeners: new Set() };
      this.entries.set(key, entry);
    }
    return entry;
  }

  get<T>(key: string): FetchState<T> {
    return this.entry(key).state as FetchState<T>;
  }

  /** When `key`'s answer was last settled, in ms since the epoch (0: never). */
  updatedAt(key: string): number {
    return this.entry(key).updatedAt;
  }

  subscribe(key: string, listener: () => void): () => void {
    const { listeners } = this.entry(key);
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  /** Fetches `key` unless it is being fetched or its data is still fresh. */
  ensure<T>(key: string, fetcher: Fetcher<T>, now = Date.now()): void {
    const entry = this.entry(key);
    if (entry.inflight) return;
    if (entry.state.status !== 'pending' && now - entry.updatedAt < STALE_TIME_MS) return;
    entry.inflight = true;
    void this.run(entry, fetcher);
  }

  /**
   * Fetches `key` again now (unless a fetch is under way), keeping its data
   * until the answer; a retry after a failure without data shows as pending.
   */
  refetch<T>(key: string, fetcher: Fetcher<T>): void {
    const entry = this.entry(key);
    if (entry.inflight) return;
    entry.inflight = true;
    if (entry.state.status === 'error' && entry.state.data === undefined) {
      entry.state = PENDING;
      entry.listeners.forEach((listener) => listener());
    }
    void this.run(entry, fetcher);
  }

  private async run<T>(entry: Entry, fetcher: Fetcher<T>): Promise<void> {
    for (let failures = 0; ; failures++) {
      try {
        const data = await fetcher();
        this.settle(entry, { status: 'success', isPending: false, isError: false, isSuccess: true, data, error: null });
        return;
      } catch (error) {
        if (!shouldRetry(failures, error)) {
          const data = entry.state.data;
          this.settle(entry, { status: 'error', isPending: false, isError: true, isSuccess: false, data, error });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, retryDelay(failures)));
      }
    }
  }

  private settle(entry: Entry, state: FetchState<unknown>) {
    entry.state = state;
    entry.updatedAt = Date.now();
    entry.inflight = false;
    entry.listeners.forEach((listener) => listener());
  }
}

/** The cache of the nearest provider (the diner menu makes one per visit). */
export const FetchCacheContext = createContext<FetchCache | null>(null);

/**
 * What useFetch returns: the state, when it was fetched (`dataUpdatedAt`, as
 * TanStack Query names it; 0 until then), and a way to ask again (a retry
 * button, a periodic refresh).
 */
export type FetchResult<T> = FetchState<T> & { dataUpdatedAt: number; refetch: () => void };

/**
 * useFetch reads `key` from the nearest FetchCache and fetches it when it is
 * missing or stale. The fetcher must depend only on what the key names.
 */
export function useFetch<T>(key: string, fetcher: Fetcher<T>): FetchResult<T> {
  const cache = useContext(FetchCacheContext);
  if (!cache) throw new Error('useFetch needs a FetchCacheContext provider');
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const state = cache.get<T>(key);
  useEffect(() => {
    const unsubscribe = cache.subscribe(key, rerender);
    // It may have settled between this render and the subscription.
    if (cache.get(key) !== state) rerender();
    cache.ensure(key, fetcher);
    return unsubscribe;
    // The fetcher is identified by the key; `state` is only the rendered one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cache, key]);
  return { ...state, dataUpdatedAt: cache.updatedAt(key), refetch: () => cache.refetch(key, fetcher) };
}
