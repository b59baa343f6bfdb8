import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TablesSettings } from '../../api/contract';
import { mockFetch, renderApp, resetLanguage, storeSession } from '../../test/utils';
import { qrMatrix } from './lib/qr';
import { GO_QR_ROWS } from './qr-fixture';

const LAZY = { timeout: 5000 };
const VALIDATE = { 'POST /api/auth/validate': { body: { cliente_id: 1, merchant_id: 'M1', is_superadmin: false } } };

const settings = (codes: string[]): TablesSettings => ({
  mesas: codes.map((c, i) => ({ id: i + 1, numero: i + 1, nombre: i === 1 ? 'Terraza' : '', codigo: c, url: `https://carta.example/mesa/1/${c}` })),
  modo: 'al_final',
  propinas: { activo: false, porcentajes: [], defecto: 0 },
  recoger_activo: true,
});

describe('the QR encoder', () => {
  it("draws the same code as the server's encoder (go-qrcode, level H)", () => {
    const mine = qrMatrix('https://carta.example/mesa/1/Ab3dEf9hKq', 'H').map((row) => row.map((on) => (on ? '1' : '0')).join(''));
    expect(mine).toEqual(GO_QR_ROWS);
  });

  it('grows the version with the text (a long URL gets the version blocks)', () => {
    expect(qrMatrix('x', 'H')).toHaveLength(21);
    expect(qrMatrix(`https://carta.example/mesa/1/${'a'.repeat(120)}`, 'H').length).toBeGreaterThan(45);
  });
});

describe('the tables QR sheet', () => {
  beforeEach(async () => {
    await resetLanguage();
    storeSession({ token: 'owner-1', clienteId: '1' });
  });

  it("draws one code per table from its secret URL, named after the table, and 'Renovar códigos' asks first", async () => {
    const { calls } = mockFetch({
      ...VALIDATE,
      'GET /api/clientes/1/mesas': { body: settings(['aaa', 'bbb', 'ccc']) },
      'POST /api/clientes/1/mesas/codigos': { body: settings(['xxx', 'yyy', 'zzz']) },
      'PUT /api/clientes/1/primeros-pasos/qr': { body: {} },
    });
    renderApp('/mesas/codigos?cliente_id=1');
    const sheet = await screen.findByTestId('tables-sheet', {}, LAZY);
    const items = within(sheet).getAllByTestId('table-qr');
    expect(items).toHaveLength(3);
    expect(items.map((i) => i.querySelector('strong')?.textContent)).toEqual(['Mesa 1', 'Terraza', 'Mesa 3']);
    const qr = within(items[1]).getByRole('img', { name: 'Código QR de Terraza' });
    expect(qr).toHaveAttribute('data-qr-text', 'https://carta.example/mesa/1/bbb');
    expect(qr.querySelector('path')?.getAttribute('d')).toBeTruthy();
    // No longer the menu's address with ?mesa=.
    expect(sheet.innerHTML).not.toContain('?mesa=');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Renovar códigos' }));
    const dialog = screen.getByRole('dialog', { name: '¿Renovar los códigos de todas las mesas?' });
    expect(dialog).toHaveAccessibleDescription(/Los códigos impresos antes dejarán de funcionar\./);
    // Cancelling renews nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls.some((c) => c.url.endsWith('/mesas/codigos'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Renovar códigos' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Renovar códigos' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/mesas/codigos'))).toHaveLength(1);
    expect(screen.getByText('Códigos renovados: la hoja nueva está lista para imprimir.')).toBeInTheDocument();
    const renewed = within(screen.getByTestId('tables-sheet')).getAllByRole('img').map((i) => i.getAttribute('data-qr-text'));
    expect(renewed).toEqual(['https://carta.example/mesa/1/xxx', 'https://carta.example/mesa/1/yyy', 'https://carta.example/mesa/1/zzz']);
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
  });

  it('shows the server’s refusal to renew', async () => {
    mockFetch({
      ...VALIDATE,
      'GET /api/clientes/1/mesas': { body: settings(['aaa']) },
      'POST /api/clientes/1/mesas/codigos': { status: 500, body: { error: 'No se pudieron generar los códigos.' } },
      'PUT /api/clientes/1/primeros-pasos/qr': { body: {} },
    });
    renderApp('/mesas/codigos?cliente_id=1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Renovar códigos' }, LAZY));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Renovar códigos' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('No se pudieron generar los códigos.');
  });

  it('without tables, links to the settings', async () => {
    mockFetch({ ...VALIDATE, 'GET /api/clientes/1/mesas': { body: settings([]) } });
    renderApp('/mesas/codigos?cliente_id=1');
    expect(await screen.findByText('Aún no hay mesas configuradas.', {}, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Configura las mesas en Ajustes de pedidos.' })).toHaveAttribute('href', '/pedidos/ajustes?cliente_id=1#mesas');
    expect(screen.queryByTestId('tables-sheet')).toBeNull();
  });
});
