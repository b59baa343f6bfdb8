import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch, resetLanguage } from '../test/utils';
import { ApiError, NetworkError, apiFetch, errorText } from './api-client';

describe('apiFetch', () => {
  beforeEach(resetLanguage);

  it('prefixes /api, sends the stored token and the UI language, parses JSON', async () => {
    localStorage.setItem('token', 'abc');
    const { calls } = mockFetch({ 'GET /api/clientes/1': { body: { id: 1 } } });
    await expect(apiFetch('/clientes/1')).resolves.toEqual({ id: 1 });
    expect(calls[0].url).toBe('/api/clientes/1');
    expect(calls[0].headers.Authorization).toBe('Bearer abc');
    expect(calls[0].headers['Accept-Language']).toBe('es');
  });

  it('sends no Authorization header without a token', async () => {
    const { calls } = mockFetch({ 'POST /api/x': { status: 204 } });
    await expect(apiFetch('/x', { method: 'POST', body: { a: 1 } })).resolves.toBeUndefined();
    expect(calls[0].headers.Authorization).toBeUndefined();
    expect(calls[0].headers['Content-Type']).toBe('application/json');
    expect(calls[0].body).toEqual({ a: 1 });
  });

  it('throws ApiError with the status and the server error text', async () => {
    mockFetch({ 'GET /api/x': { status: 409, body: { error: 'Conflicto.' } } });
    const err = await apiFetch('/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(409);
    expect((err as ApiError).serverMessage).toBe('Conflicto.');
    expect(errorText(err, 'fallback', 'net')).toBe('Conflicto.');
  });

  it('throws NetworkError when fetch itself fails', async () => {
    mockFetch({ 'GET /api/x': new TypeError('Failed to fetch') });
    const err = await apiFetch('/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(errorText(err, 'fallback', 'net')).toBe('net');
    expect(errorText(new ApiError(500, '', null), 'fallback', 'net')).toBe('fallback');
  });
});
