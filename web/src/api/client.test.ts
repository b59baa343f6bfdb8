import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch, resetLanguage } from '../test/utils';
import { ApiError } from '../lib/api-client';
import * as api from './client';
import { url } from './client';

describe('url', () => {
  it('fills and encodes the path parameters, drops /api, appends the defined query values in order', () => {
    expect(url('/api/clientes/{cliente_id}/usuarios', { cliente_id: 'a b' }, { limit: 50, q: undefined, cursor: 'x' })).toBe(
      '/clientes/a%20b/usuarios?limit=50&cursor=x',
    );
    expect(url('/api/billing/config')).toBe('/billing/config');
  });
});

describe('api', () => {
  beforeEach(resetLanguage);

  it('calls the typed path through apiFetch: token, JSON body, errors', async () => {
    localStorage.setItem('token', 'abc');
    const { calls } = mockFetch({
      'PUT /api/cupones/7/estado': { body: { id: 7 } },
      'GET /api/billing/config': { status: 503, body: { error: 'No disponible.' } },
    });
    await expect(api.put('/api/cupones/{id}/estado', { path: { id: 7 }, body: { estado: 'activo', cliente_id: 1 } })).resolves.toEqual({
      id: 7,
    });
    expect(calls[0].headers.Authorization).toBe('Bearer abc');
    expect(calls[0].body).toEqual({ estado: 'activo', cliente_id: 1 });
    const err = await api.get('/api/billing/config', { token: null }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(calls[1].headers.Authorization).toBeUndefined();
  });

  it('refuses, at type-check time, a path or a body the document does not have', () => {
    // Never run: tsc fails on each line if the error it expects is gone.
    const typeChecks = () => [
      // @ts-expect-error not a path of the document
      api.get('/api/no-such-path'),
      // @ts-expect-error the path's {cliente_id} is missing
      api.get('/api/clientes/{cliente_id}/resumen'),
      // @ts-expect-error an estado the document does not list
      api.put('/api/cupones/{id}/estado', { path: { id: 1 }, body: { estado: 'zzz', cliente_id: 1 } }),
      // @ts-expect-error GET only: the summary is not written
      api.post('/api/clientes/{cliente_id}/resumen', { path: { cliente_id: 1 } }),
    ];
    expect(typeof typeChecks).toBe('function');
  });
});
