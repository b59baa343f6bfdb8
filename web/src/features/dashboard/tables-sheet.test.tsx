import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TableQRCodes, TablesSettings } from '../../api/contract';
import { mockFetch, renderApp, resetLanguage, storeSession } from '../../test/utils';

const LAZY = { timeout: 5000 };
const VALIDATE = { 'POST /api/auth/validate': { body: { cliente_id: 1, merchant_id: 'M1', is_superadmin: false } } };

const settings = (codes: string[]): TablesSettings => ({
  mesas: codes.map((c, i) => ({ id: i + 1, numero: i + 1, nombre: i === 1 ? 'Terraza' : '', codigo: c, url: `https://carta.example/mesa/1/${c}` })),
  modo: 'al_final',
  propinas: { activo: false, porcentajes: [], defecto: 0 },
  recoger_activo: true,
});

// The server's drawing of a table's code (GET /mesas/qr): an SVG naming the
// code it stands for, so a test can tell which one the page shows.
const svgOf = (codigo: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M4 4h1v1h-1z" data-codigo="${codigo}"/></svg>`;
const codes = (list: string[]): TableQRCodes => ({ mesas: list.map((c, i) => ({ id: i + 1, svg: svgOf(c) })) });
/** The SVG an <img> shows, out of its data: URL. */
const shown = (img: HTMLElement) => atob((img.getAttribute('src') ?? '').replace(/^data:image\/svg\+xml;base64,/, ''));

describe('the tables QR sheet', () => {
  beforeEach(async () => {
    await resetLanguage();
    storeSession({ token: 'owner-1', clienteId: '1' });
  });

  it("shows the server's code of each table, named after the table, and 'Renovar códigos' asks first and shows the new codes", async () => {
    let renewed = false;
    const { calls } = mockFetch({
      ...VALIDATE,
      'GET /api/clientes/1/mesas': { body: settings(['aaa', 'bbb', 'ccc']) },
      'GET /api/clientes/1/mesas/qr': () => ({ body: codes(renewed ? ['xxx', 'yyy', 'zzz'] : ['aaa', 'bbb', 'ccc']) }),
      'POST /api/clientes/1/mesas/codigos': () => {
        renewed = true;
        return { body: settings(['xxx', 'yyy', 'zzz']) };
      },
      'PUT /api/clientes/1/primeros-pasos/qr': { body: {} },
    });
    renderApp('/mesas/codigos?cliente_id=1');
    const sheet = await screen.findByTestId('tables-sheet', {}, LAZY);
    const items = within(sheet).getAllByTestId('table-qr');
    expect(items).toHaveLength(3);
    expect(items.map((i) => i.querySelector('strong')?.textContent)).toEqual(['Mesa 1', 'Terraza', 'Mesa 3']);
    const qr = await within(items[1]).findByRole('img', { name: 'Código QR de Terraza' });
    expect(qr).toHaveAttribute('data-qr-text', 'https://carta.example/mesa/1/bbb');
    // Each table shows its own code (matched by id), as the server drew it.
    expect(shown(qr)).toBe(svgOf('bbb'));
    expect(within(sheet).getAllByRole('img').map(shown)).toEqual(['aaa', 'bbb', 'ccc'].map(svgOf));
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
    // The codes are fetched again: every image shows the new code of its new URL.
    await waitFor(() => expect(within(screen.getByTestId('tables-sheet')).getAllByRole('img').map(shown)).toEqual(['xxx', 'yyy', 'zzz'].map(svgOf)));
    const after = within(screen.getByTestId('tables-sheet')).getAllByRole('img').map((i) => i.getAttribute('data-qr-text'));
    expect(after).toEqual(['https://carta.example/mesa/1/xxx', 'https://carta.example/mesa/1/yyy', 'https://carta.example/mesa/1/zzz']);
    expect(calls.filter((c) => c.method === 'GET' && c.url.endsWith('/mesas/qr'))).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
  });

  it('shows the server’s refusal to renew', async () => {
    mockFetch({
      ...VALIDATE,
      'GET /api/clientes/1/mesas': { body: settings(['aaa']) },
      'GET /api/clientes/1/mesas/qr': { body: codes(['aaa']) },
      'POST /api/clientes/1/mesas/codigos': { status: 500, body: { error: 'No se pudieron generar los códigos.' } },
      'PUT /api/clientes/1/primeros-pasos/qr': { body: {} },
    });
    renderApp('/mesas/codigos?cliente_id=1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Renovar códigos' }, LAZY));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Renovar códigos' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('No se pudieron generar los códigos.');
  });

  it('says so when the codes cannot be drawn, and shows no stale image', async () => {
    mockFetch({
      ...VALIDATE,
      'GET /api/clientes/1/mesas': { body: settings(['aaa']) },
      // A refusal (4xx: not retried), e.g. the role taken away between the two calls.
      'GET /api/clientes/1/mesas/qr': { status: 403, body: { error: 'No tienes permiso para ver los códigos.' } },
      'PUT /api/clientes/1/primeros-pasos/qr': { body: {} },
    });
    renderApp('/mesas/codigos?cliente_id=1');
    expect(await screen.findByRole('alert', {}, LAZY)).toHaveTextContent('No tienes permiso para ver los códigos.');
    expect(within(screen.getByTestId('tables-sheet')).queryByRole('img')).toBeNull();
  });

  it('without tables, links to the settings', async () => {
    mockFetch({ ...VALIDATE, 'GET /api/clientes/1/mesas': { body: settings([]) }, 'GET /api/clientes/1/mesas/qr': { body: codes([]) } });
    renderApp('/mesas/codigos?cliente_id=1');
    expect(await screen.findByText('Aún no hay mesas configuradas.', {}, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Configura las mesas en Ajustes de pedidos.' })).toHaveAttribute('href', '/pedidos/ajustes?cliente_id=1#mesas');
    expect(screen.queryByTestId('tables-sheet')).toBeNull();
  });
});
