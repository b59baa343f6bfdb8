import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderApp, resetLanguage, type FetchCall, type MockAnswer } from '../../test/utils';
import { browser } from './lib/browser';
import { cartKey, readCart, type CartLine } from './lib/cart';
import { localDay, pickupDays, pickupHours } from './lib/pickup';
import { setRestaurantLocale } from '../../lib/intl';
import { bravas, chuleton, onlineMenu, openNow, quote } from './test-data';
import type { Availability, OnlineMenu } from '../../api/contract';

/*
 * Issue 27, items 8 and 9 on the diner's pages: the bottom bar (cart with
 * count and total, 'Ver Promoción', the notice above them), 'Agregar'
 * beside 'Personalizar' when every option is optional, the pickup day then
 * time, and the total beside 'Pagar con Clover'.
 */

const settings = { body: { nombre_restaurante: 'La Cava', moneda: 'USD', logo: '', backgroundImage: '' } };
const popup = { id: 5, cliente_id: 1, name: 'Promoción de la Casa', file_url: '/media/p.jpg', file_type: 'image/jpeg', created_at: 1 };

/** Chuletón with only optional groups: it can go to the cart as it is. */
const optional = {
  ...chuleton,
  id: 12,
  name: 'Chuletón Sencillo',
  modifiers: chuleton.modifiers.map((g) => ({ ...g, min_required: 0 })),
};
const menu: OnlineMenu = {
  ...onlineMenu,
  categorias: [{ id: 'C1CARN', name: 'Carnes', productos: [bravas, chuleton, optional] }],
};

function api(extra: Record<string, MockAnswer> = {}) {
  return mockFetch({
    'GET /api/configuraciones': settings,
    'GET /api/orders/clover_products_online': { body: menu },
    'GET /api/orders/config': { body: openNow },
    'POST /api/orders/quote': { body: quote },
    'GET /api/popups': { body: [popup] },
    ...extra,
  });
}

function storeCart(lines: CartLine[]) {
  window.localStorage.setItem(cartKey('1'), JSON.stringify(lines));
}

const posts = (calls: FetchCall[], path: string) => calls.filter((c) => c.method === 'POST' && c.url === path);

describe("'Ordena en Línea': the bottom bar", () => {
  beforeEach(resetLanguage);

  it('holds the cart button with the count and total and "Ver Promoción"; the notice shows above them, in the bar', async () => {
    storeCart([
      { product_id: 6, name: 'Patatas Bravas', unit_price: 800, quantity: 1, modifiers: [] },
      { product_id: 11, name: 'Chuletón de Res', unit_price: 4500, quantity: 1, modifiers: [] },
    ]);
    api();
    const user = userEvent.setup();
    renderApp('/ordenar-en-linea/1');
    const bar = await screen.findByTestId('diner-bar');
    const cart = await within(bar).findByRole('link', { name: 'Ver carrito (2) · $53.00' });
    expect(cart).toHaveAttribute('href', '/carrito/1');
    // The promotion never opens by itself here; its button is in the bar.
    const promo = await within(bar).findByRole('button', { name: 'Ver Promoción' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Agregar: Patatas Bravas' }));
    const status = within(bar).getByRole('status');
    expect(status).toHaveTextContent('Agregado al carrito: Patatas Bravas');
    // The notice comes first in the bar: on screen, above the buttons.
    expect(status.compareDocumentPosition(cart) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(bar).getByRole('link', { name: 'Ver carrito (3) · $61.00' })).toBeInTheDocument();

    await user.click(promo);
    expect(await screen.findByRole('dialog', { name: 'Promoción de la Casa' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Ver Promoción' })).toBeInTheDocument();
  });

  it('shows no bar without cart nor promotion', async () => {
    window.localStorage.clear();
    api({ 'GET /api/popups': { body: [] } });
    renderApp('/ordenar-en-linea/1');
    expect(await screen.findByRole('heading', { name: 'Patatas Bravas' })).toBeInTheDocument();
    expect(screen.getByTestId('diner-bar')).not.toBeVisible();
    expect(screen.queryByRole('link', { name: /Ver carrito/ })).not.toBeInTheDocument();
  });

  it("has 'Agregar' beside 'Personalizar' only when every option group is optional", async () => {
    window.localStorage.clear();
    api();
    const user = userEvent.setup();
    renderApp('/ordenar-en-linea/1');
    expect(await screen.findByRole('button', { name: 'Agregar: Patatas Bravas' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Personalizar: Patatas Bravas' })).not.toBeInTheDocument();
    // A required group: only 'Personalizar'.
    expect(screen.getByRole('button', { name: 'Personalizar: Chuletón de Res' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agregar: Chuletón de Res' })).not.toBeInTheDocument();
    // Every group optional: both; 'Agregar' adds it with no options.
    expect(screen.getByRole('button', { name: 'Personalizar: Chuletón Sencillo' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Agregar: Chuletón Sencillo' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(readCart('1')).toEqual([{ product_id: 12, name: 'Chuletón Sencillo', unit_price: 4200, quantity: 1, modifiers: [] }]);
  });
});

describe('the pickup day, then the time', () => {
  const labels = { today: 'Hoy', tomorrow: 'Mañana', asap: (h: string) => `Lo antes posible · ${h}` };
  // 2026-11-27 23:00 UTC is 18:00 in New York.
  const now = Date.UTC(2026, 10, 27, 23, 0) / 1000;

  it("groups the times by the restaurant's day: today, tomorrow, then the date", () => {
    const days = pickupDays(
      { at: now + 900 },
      [{ at: now + 1800 }, { at: now + 6 * 3600 + 1800 }, { at: now + 28 * 3600 }, { at: now + 50 * 3600 }],
      'America/New_York',
      'es',
      now,
      labels,
    );
    expect(days.map((d) => d.label)).toEqual(['Hoy', 'Mañana', 'domingo, 29 de noviembre']);
    expect(days.map((d) => d.key)).toEqual(['2026-11-27', '2026-11-28', '2026-11-29']);
    expect(days[0].times.map((x) => x.value)).toEqual(['0', String(now + 1800)]);
    expect(days[0].times[0].label).toMatch(/^Lo antes posible · 6:15/);
    expect(days[1].times.map((x) => x.value)).toEqual([String(now + 6 * 3600 + 1800), String(now + 28 * 3600)]);
    expect(localDay(now, 'UTC')).toBe('2026-11-27');
  });

  it('offers a day of 88 quarter hours as an hour, then its quarter hours: no list longer than a day has hours', () => {
    // Today from 6:15 p.m. New York as soon as possible, then every quarter hour for 22 hours.
    const slots = Array.from({ length: 88 }, (_, i) => ({ at: now + 1800 + i * 900 }));
    const days = pickupDays({ at: now + 900 }, slots, 'America/New_York', 'es', now, labels);
    const today = pickupHours(days[0].times, 'America/New_York', 'es');
    expect(today.map((h) => h.key)).toEqual(['asap', '18', '19', '20', '21', '22', '23']);
    expect(today[0]).toMatchObject({ label: expect.stringMatching(/^Lo antes posible · 6:15/), times: [{ value: '0' }] });
    expect(today[1].label).toMatch(/^6\sp\.\s?m\.$/);
    expect(today[1].times.map((x) => x.label)).toEqual([expect.stringMatching(/^6:30/), expect.stringMatching(/^6:45/)]);
    expect(today[2].times).toHaveLength(4);
    const tomorrow = pickupHours(days[1].times, 'America/New_York', 'en');
    expect(tomorrow.length).toBeLessThanOrEqual(24);
    expect(Math.max(...tomorrow.map((h) => h.times.length))).toBe(4);
    expect(tomorrow[0].label).toMatch(/^12\sAM$/);
    // Every time offered is in exactly one hour.
    expect(days.flatMap((d) => pickupHours(d.times, 'America/New_York', 'es').flatMap((h) => h.times.map((x) => x.value)))).toEqual([
      '0',
      ...slots.map((x) => String(x.at)),
    ]);
    // A 24-hour clock (a restaurant in Spain) says the hour with its minutes, not a bare number.
    setRestaurantLocale({ clienteId: '1', locales: { es: 'es-ES', en: 'en-ES' }, zone: 'Europe/Madrid' });
    try {
      expect(pickupHours(days[0].times, 'Europe/Madrid', 'es')[1].label).toBe('0:00');
    } finally {
      setRestaurantLocale(null);
    }
  });

  describe('on the checkout page', () => {
    beforeEach(async () => {
      await resetLanguage();
      storeCart([{ product_id: 6, name: 'Patatas Bravas', unit_price: 800, quantity: 1, modifiers: [] }]);
    });
    afterEach(() => vi.restoreAllMocks());

    it('offers the days, then the times of the chosen day, and sends the chosen time; the total stands beside "Pagar con Clover"', async () => {
      const at = Math.floor(Date.now() / 1000 / 60) * 60;
      const tomorrow = (Math.floor(at / 86_400) + 1) * 86_400; // the next UTC midnight
      const availability: Availability = {
        ...openNow,
        zona_horaria: 'UTC',
        lo_antes_posible: { at, hora: '' },
        franjas: [
          { at: tomorrow + 10 * 3600, hora: '10:00' },
          { at: tomorrow + 10 * 3600 + 900, hora: '10:15' },
        ],
      };
      const placed = { pedido_id: 5, token: 'tok-5', checkout_url: '/demo/checkout/demo_cs_5', total: 4871, moneda: 'USD', recoger_at: 0 };
      const { calls } = api({ 'GET /api/orders/config': { body: availability }, 'POST /api/orders': { status: 201, body: placed } });
      vi.spyOn(browser, 'width').mockReturnValue(768);
      const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
      const user = userEvent.setup();
      renderApp('/checkout/1');
      const day = await screen.findByLabelText('Día de recogida');
      expect(within(day).getAllByRole('option').map((o) => o.textContent)).toEqual(['Hoy', 'Mañana']);
      // As soon as possible is preselected: no minutes to choose.
      const hour = screen.getByLabelText('Hora de recogida');
      expect(within(hour).getAllByRole('option')).toHaveLength(1);
      expect(within(hour).getByRole('option')).toHaveTextContent(/^Lo antes posible/);
      expect(screen.queryByLabelText('Minutos')).not.toBeInTheDocument();

      // Tomorrow: the hour (10 a.m.), then its quarter hours, the first preselected.
      await user.selectOptions(day, 'Mañana');
      expect(within(hour).getAllByRole('option').map((o) => o.textContent)).toEqual([expect.stringMatching(/^10\sa\.\s?m\.$/)]);
      const minutes = screen.getByLabelText('Minutos');
      expect(within(minutes).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(availability.franjas.map((f) => String(f.at)));
      expect(minutes).toHaveValue(String(availability.franjas[0].at));
      await user.selectOptions(minutes, String(availability.franjas[1].at));
      // Back to today: as soon as possible again.
      await user.selectOptions(day, 'Hoy');
      expect(screen.queryByLabelText('Minutos')).not.toBeInTheDocument();
      await user.selectOptions(day, 'Mañana');
      await user.selectOptions(screen.getByLabelText('Minutos'), String(availability.franjas[1].at));

      // The total beside the button, which keeps the spec's text and is described by it.
      const pay = screen.getByRole('button', { name: 'Pagar con Clover' });
      await waitFor(() => expect(screen.getByTestId('pay-total')).toHaveTextContent('$48.71'));
      expect(pay).toHaveAccessibleDescription('Total $48.71');
      expect(pay.parentElement).toBe(screen.getByTestId('pay-total').parentElement);

      await user.type(screen.getByLabelText('Nombre'), 'Ana Pérez');
      await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
      await user.click(pay);
      await waitFor(() => expect(assign).toHaveBeenCalled());
      expect(posts(calls, '/api/orders')[0].body).toMatchObject({ pickup_at: availability.franjas[1].at });
    });
  });
});
