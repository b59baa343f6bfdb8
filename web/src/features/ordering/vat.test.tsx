import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { mockFetch, renderApp, resetLanguage } from '../../test/utils';
import { formatCents } from '../../lib/money';
import { cartKey, type CartLine } from './lib/cart';
import { onlineMenu, openNow, order, quote } from './test-data';
import type { OrderTracking, Quote } from '../../api/contract';

// A Spanish restaurant: its POS merchant's prices include IVA. The quote and the order say so
// (impuestos_incluidos), and the pages show the total as the sum of the prices with each rate's
// share of it, "IVA incluido (10 %)", never a tax line added on top.

// The test menu's steak (its required choice made); the quote's figures are the server's.
const steak: CartLine = {
  product_id: 11,
  name: 'Chuletón de Res',
  unit_price: 4500,
  quantity: 1,
  modifiers: [{ id: 'PUNTO-2', name: 'Al punto', price: 0, group_id: 'PUNTO' }],
};

const vatQuote: Quote = {
  lines: [{ position: 0, product_id: 11, name: 'Croquetas', quantity: 2, modifiers: [], unit_price: 1150, subtotal: 2300 }],
  subtotal: 2700,
  taxes: 280,
  total: 2700,
  tax_details: [
    { id: 'IVA10', name: 'IVA 10%', rate: 1000000, amount: 209 },
    { id: 'IVA21', name: 'IVA 21%', rate: 2100000, amount: 71 },
    { id: 'ZERO', name: 'Exento', rate: 0, amount: 0 },
  ],
  impuestos_incluidos: true,
};

const vatOrder: OrderTracking = {
  ...order,
  subtotal: 2300,
  impuestos: 209,
  total: 2300,
  moneda: 'EUR',
  detalle_impuestos: [{ id: 'IVA10', name: 'IVA 10%', rate: 1000000, amount: 209 }],
  impuestos_incluidos: true,
};

function api(q: Quote, moneda: string, extra = {}) {
  return mockFetch({
    'GET /api/configuraciones': {
      body: { nombre_restaurante: 'La Cava Madrid', moneda, logo: '', backgroundImage: '', impuestos_incluidos: q.impuestos_incluidos },
    },
    'GET /api/orders/clover_products_online': { body: { ...onlineMenu, moneda } },
    'GET /api/orders/config': { body: openNow },
    'POST /api/orders/quote': { body: q },
    'GET /api/popups': { body: [] },
    'GET /api/pedidos/5/eventos': () => new Promise<never>(() => {}),
    ...extra,
  });
}

describe('prices with VAT included', () => {
  beforeEach(async () => {
    await resetLanguage();
    window.localStorage.setItem(cartKey('1'), JSON.stringify([steak]));
  });

  it.each([
    ['es', ['IVA incluido (10 %)', 'IVA incluido (21 %)']],
    ['en', ['VAT included (10%)', 'VAT included (21%)']],
  ])('the cart shows the total as the sum of the prices and each rate it holds (%s)', async (lang, labels) => {
    await i18next.changeLanguage(lang);
    api(vatQuote, 'EUR');
    renderApp('/carrito/1');
    expect(await screen.findByTestId('quote-total')).toHaveTextContent(formatCents(2700, 'EUR', lang));
    const rows = screen.getAllByTestId('tax-included');
    // The 0% rate holds nothing and is not listed.
    expect(rows.map((r) => r.querySelector('dt')?.textContent?.replace(/\s/g, ' '))).toEqual(labels);
    expect(rows[0]).toHaveTextContent(formatCents(209, 'EUR', lang));
    expect(rows[1]).toHaveTextContent(formatCents(71, 'EUR', lang));
    // No subtotal and no tax added on top.
    expect(screen.queryByTestId('quote-subtotal')).not.toBeInTheDocument();
    expect(screen.queryByText('IVA 10%')).not.toBeInTheDocument();
  });

  it('a restaurant that adds tax shows subtotal, tax and total as before', async () => {
    api(quote, 'USD');
    renderApp('/carrito/1');
    expect(await screen.findByTestId('quote-total')).toHaveTextContent('$48.71');
    expect(screen.getByTestId('quote-subtotal')).toHaveTextContent('$45.00');
    expect(screen.getByText('Sales Tax 8.25%')).toBeInTheDocument();
    expect(screen.queryByTestId('tax-included')).not.toBeInTheDocument();
  });

  it.each([
    ['es', 'IVA incluido'],
    ['en', 'VAT included'],
  ])("'Ordena en Línea' says the prices include the tax (%s); a restaurant that adds tax says nothing", async (lang, note) => {
    await i18next.changeLanguage(lang);
    api(vatQuote, 'EUR');
    const view = renderApp('/ordenar-en-linea/1');
    expect(await screen.findByTestId('tax-note')).toHaveTextContent(note);
    view.unmount();
    api(quote, 'USD');
    renderApp('/ordenar-en-linea/1');
    expect(await screen.findByRole('tablist')).toBeInTheDocument();
    // The settings have loaded (the shell's name is theirs): the note would be there by now.
    expect((await screen.findAllByText('La Cava Madrid')).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('tax-note')).not.toBeInTheDocument();
  });

  it('the order page shows "IVA incluido" with the amount, the total being the sum of the prices', async () => {
    api(vatQuote, 'EUR', { 'GET /api/pedidos/5': { body: vatOrder } });
    renderApp('/pedido/5?t=tok-5');
    expect(await screen.findByTestId('order-total')).toHaveTextContent(formatCents(2300, 'EUR', 'es'));
    const rows = screen.getAllByTestId('tax-included');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('IVA incluido (10 %)');
    expect(rows[0]).toHaveTextContent(formatCents(209, 'EUR', 'es'));
    expect(screen.queryByText('Subtotal')).not.toBeInTheDocument();
  });
});
