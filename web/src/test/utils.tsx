import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import i18next from 'i18next';
import { initI18n } from '../app/i18n';
import { SessionProvider } from '../app/session/SessionProvider';
import { AppRoutes } from '../app/routes';
import { resetSharedQueryClient } from '../app/query-client';
import { writeStoredSession } from '../lib/session-storage';

initI18n();

export type MockReply = { status?: number; body?: unknown; headers?: Record<string, string> };
export type FetchCall = { method: string; url: string; headers: Record<string, string>; body: unknown };
/**
 * A fixed reply, a thrown error (network failure), or a function of the call
 * (to answer by query string, return a never-settling promise, or a
 * Response of its own, e.g. a stream).
 */
export type MockAnswer = MockReply | Error | ((call: FetchCall) => MockReply | Response | Promise<never>);

/**
 * mockFetch replaces global fetch with a table of "METHOD /api/path" answers.
 * Unknown calls answer 404. Returns the list of calls made.
 */
export function mockFetch(routes: Record<string, MockAnswer>) {
  const calls: FetchCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const call = { method, url, headers, body };
    calls.push(call);
    const answer = routes[`${method} ${url.split('?')[0]}`];
    if (answer === undefined) return json(404, { error: 'not found' });
    if (answer instanceof Error) throw answer;
    const reply = typeof answer === 'function' ? answer(call) : answer;
    if (reply instanceof Promise || reply instanceof Response) return reply;
    return json(reply.status ?? 200, reply.body, reply.headers);
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  if (status === 204 || body === undefined) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

export function storeSession(opts: { token?: string; clienteId?: string | null; superadmin?: boolean }) {
  writeStoredSession({
    token: opts.token ?? 'tok-1',
    clienteId: opts.clienteId ?? null,
    merchantId: null,
    isSuperadmin: !!opts.superadmin,
    rol: opts.clienteId && !opts.superadmin ? 'propietario' : null,
    restaurantes: [],
  });
}

/** The validate answer of a staff person: their role at each restaurant, acting on the first. */
export function staffInfo(rol: 'propietario' | 'gerente' | 'cocina' | 'mesero', ...more: [number, string, string][]) {
  const restaurantes = [[1, 'La Cava Demo', rol] as [number, string, string], ...more].map(([id, nombre, r]) => ({
    cliente_id: id,
    nombre,
    merchant_id: `M${id}`,
    rol: r as 'propietario',
  }));
  return { cliente_id: 1, merchant_id: 'M1', is_superadmin: false, rol, restaurantes };
}

/** Renders the whole app at `path` with an empty query cache. */
export function renderApp(path: string) {
  resetSharedQueryClient();
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider>
        <AppRoutes />
        <LocationProbe />
      </SessionProvider>
    </MemoryRouter>,
  );
}

/** The query parameters of a recorded call. */
export function queryOf(call: FetchCall): URLSearchParams {
  return new URL(call.url, 'http://localhost').searchParams;
}

export async function resetLanguage() {
  await i18next.changeLanguage('es');
}
