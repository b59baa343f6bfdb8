import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderConfig } from '../../api/contract';
import { mockFetch, renderApp, resetLanguage, storeSession, type FetchCall } from '../../test/utils';
import i18next from 'i18next';
import { checkSettings, valuesFromConfig } from './lib/settings-form';
import { zoneName } from './lib/time-zones';
import { fromZonedInput, toZonedInput } from './lib/zoned-time';

const CONFIG: OrderConfig = {
  activo: true,
  preparacion_min: 20,
  pedidos_por_franja: 5,
  pausado_hasta: 0,
  zona_horaria: 'America/New_York',
  aviso_ambar_min: 0,
  aviso_rojo_min: 0,
  un_toque: true, // the default
  horario: [
    { dia: 1, abre: '11:00', cierra: '15:00' },
    { dia: 1, abre: '19:00', cierra: '24:00' },
    { dia: 2, abre: '11:00', cierra: '22:00' },
  ],
};

/** The first look after renderApp waits for the lazy route's chunk too. */
const LAZY = { timeout: 5000 };

const VALIDATE = {
  'POST /api/auth/validate': { body: { cliente_id: 1, merchant_id: 'M1', is_superadmin: false } },
  // The page's 'Mesas y propinas' section (table-orders.test.tsx tests it).
  'GET /api/clientes/1/mesas': { body: { mesas: [], modo: 'por_pedido', propinas: { activo: false, porcentajes: [], defecto: 0 }, recoger_activo: true } },
};

describe('ordering settings page', () => {
  beforeEach(async () => {
    await resetLanguage();
    storeSession({ token: 'owner-1', clienteId: '1' });
  });

  function routes() {
    return mockFetch({
      ...VALIDATE,
      'GET /api/clientes/1/pedidos/config': { body: CONFIG },
      'PUT /api/clientes/1/pedidos/config': (call: FetchCall) => ({ body: call.body }),
    });
  }

  it('shows the stored settings, midnight as 00:00', async () => {
    routes();
    renderApp('/pedidos/ajustes?cliente_id=1');
    expect(await screen.findByRole('heading', { name: 'Ajustes de pedidos en línea' }, LAZY)).toBeInTheDocument();
    expect(await screen.findByLabelText('Recibir pedidos en línea', {}, LAZY)).toBeChecked();
    expect(screen.getByLabelText('Tiempo de preparación (minutos)')).toHaveValue(20);
    expect(screen.getByLabelText('Máximo de pedidos por franja de 15 minutos')).toHaveValue(5);
    expect(screen.getByLabelText('lunes, intervalo 2: cierra')).toHaveValue('00:00');
    expect(within(screen.getByTestId('day-0')).getByText('Cerrado')).toBeInTheDocument();
  });

  it("shows a day open all day as 'Abierto 24 horas', time zones as city names, and saves the board's thresholds and one tap", async () => {
    const { calls } = mockFetch({
      ...VALIDATE,
      'GET /api/clientes/1/pedidos/config': { body: { ...CONFIG, zona_horaria: 'America/Mexico_City', horario: [...CONFIG.horario, { dia: 6, abre: '00:00', cierra: '24:00' }] } },
      'PUT /api/clientes/1/pedidos/config': (call: FetchCall) => ({ body: call.body }),
    });
    renderApp('/pedidos/ajustes?cliente_id=1');
    const zone = await screen.findByLabelText('Zona horaria del restaurante', {}, LAZY);
    expect(within(screen.getByTestId('day-6')).getByText('Abierto 24 horas')).toBeInTheDocument();
    expect(within(screen.getByTestId('day-6')).queryByText(/12:00/)).not.toBeInTheDocument();
    expect(zone).toHaveDisplayValue('Ciudad de México');
    expect(zone.querySelector('option[value="America/New_York"]')).toHaveTextContent('Nueva York (Este)');
    expect(zone.querySelector('option[value="Europe/Madrid"]')).toHaveTextContent('Madrid');
    // The pause names the zone as the picker does, not by its IANA id.
    expect(screen.getByLabelText('Pausar pedidos hasta (hora del restaurante, Ciudad de México)')).toBeInTheDocument();
    // Sunday gets all day with one click.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Abrir el domingo las 24 horas' }));
    expect(within(screen.getByTestId('day-0')).getByText('Abierto 24 horas')).toBeInTheDocument();

    // Amber after red is refused, with the message, nothing sent.
    fireEvent.change(screen.getByLabelText('Aviso ámbar (minutos)'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('Retrasado, en rojo (minutos)'), { target: { value: '15' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Guardar ajustes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Los avisos son minutos enteros entre 1 y 480');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByLabelText('Retrasado, en rojo (minutos)'), { target: { value: '45' } });
    // One tap is on by default; unticking it keeps the two steps.
    const oneTap = screen.getByLabelText('Aceptar e iniciar en un toque');
    expect(oneTap).toBeChecked();
    await userEvent.setup().click(oneTap);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Guardar ajustes' }));
    await screen.findByText('Ajustes de pedidos guardados.');
    const body = calls.find((c) => c.method === 'PUT')?.body as OrderConfig;
    expect(body).toMatchObject({ aviso_ambar_min: 30, aviso_rojo_min: 45, un_toque: false, zona_horaria: 'America/Mexico_City' });
    expect(body.horario).toContainEqual({ dia: 0, abre: '00:00', cierra: '24:00' });
    expect(body.horario).toContainEqual({ dia: 6, abre: '00:00', cierra: '24:00' });
  }, 20_000);

  it('names time zones in English too (the stored value stays the IANA id)', async () => {
    await i18next.changeLanguage('en');
    expect(zoneName('America/New_York', i18next.t)).toBe('New York (Eastern)');
    expect(zoneName('America/Mexico_City', i18next.t)).toBe('Mexico City');
    expect(zoneName('Asia/Ho_Chi_Minh', i18next.t)).toBe('Ho Chi Minh (Asia)');
    await i18next.changeLanguage('es');
    expect(zoneName('America/New_York', i18next.t)).toBe('Nueva York (Este)');
  });

  it('refuses out-of-range numbers and bad hours with the spec-style messages, sending nothing', async () => {
    const { calls } = routes();
    renderApp('/pedidos/ajustes?cliente_id=1');
    const prep = await screen.findByLabelText('Tiempo de preparación (minutos)', {}, LAZY);
    fireEvent.change(prep, { target: { value: '300' } });
    fireEvent.change(screen.getByLabelText('Máximo de pedidos por franja de 15 minutos'), { target: { value: '-1' } });
    fireEvent.change(screen.getByLabelText('martes, intervalo 1: cierra'), { target: { value: '10:00' } });
    fireEvent.change(screen.getByLabelText('lunes, intervalo 2: abre'), { target: { value: '14:00' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Guardar ajustes' }));

    expect(screen.getByRole('alert')).toHaveTextContent('El tiempo de preparación debe estar entre 0 y 240 minutos.');
    expect(prep).toHaveAttribute('aria-invalid', 'true');
    expect(prep).toHaveAccessibleDescription('El tiempo de preparación debe estar entre 0 y 240 minutos.');
    expect(screen.getByText('El máximo de pedidos por franja debe estar entre 0 (sin límite) y 1000.')).toBeInTheDocument();
    expect(screen.getByText('Horario (martes): la hora de cierre debe ser posterior a la de apertura.')).toBeInTheDocument();
    expect(screen.getByText('Horario (lunes): dos intervalos del mismo día se solapan.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves the whole settings: hours per weekday, midnight as 24:00, a pause in the restaurant time', async () => {
    const { calls } = routes();
    renderApp('/pedidos/ajustes?cliente_id=1');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Recibir pedidos en línea', {}, LAZY));
    fireEvent.change(screen.getByLabelText('Tiempo de preparación (minutos)'), { target: { value: '35' } });
    await user.click(screen.getByRole('button', { name: 'Añadir un intervalo al domingo' }));
    fireEvent.change(screen.getByLabelText('domingo, intervalo 1: abre'), { target: { value: '12:00' } });
    fireEvent.change(screen.getByLabelText('domingo, intervalo 1: cierra'), { target: { value: '16:30' } });
    await user.click(screen.getByRole('button', { name: 'Quitar el intervalo 1 del martes' }));
    const until = Math.floor(Date.now() / 1000) + 3 * 3600;
    const pause = toZonedInput(until, 'America/New_York');
    fireEvent.change(screen.getByLabelText('Pausar pedidos hasta (hora del restaurante, Nueva York (Este))'), { target: { value: pause } });
    await user.click(screen.getByRole('button', { name: 'Guardar ajustes' }));

    expect(await screen.findByText('Ajustes de pedidos guardados.')).toBeInTheDocument();
    const body = calls.find((c) => c.method === 'PUT')?.body as OrderConfig;
    expect(body).toMatchObject({ activo: false, preparacion_min: 35, pedidos_por_franja: 5, zona_horaria: 'America/New_York' });
    expect(body.horario).toEqual([
      { dia: 1, abre: '11:00', cierra: '15:00' },
      { dia: 1, abre: '19:00', cierra: '24:00' },
      { dia: 0, abre: '12:00', cierra: '16:30' },
    ]);
    expect(Math.abs(body.pausado_hasta - until)).toBeLessThan(60);
  });

  it('a pause more than 7 days ahead is refused', async () => {
    const { calls } = routes();
    renderApp('/pedidos/ajustes?cliente_id=1');
    const field = await screen.findByLabelText('Pausar pedidos hasta (hora del restaurante, Nueva York (Este))', {}, LAZY);
    fireEvent.change(field, { target: { value: toZonedInput(Math.floor(Date.now() / 1000) + 8 * 86400, 'America/New_York') } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Guardar ajustes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('La pausa debe terminar dentro de los próximos 7 días.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows the server’s refusal', async () => {
    mockFetch({
      ...VALIDATE,
      'GET /api/clientes/1/pedidos/config': { body: CONFIG },
      'PUT /api/clientes/1/pedidos/config': { status: 400, body: { error: 'La zona horaria no es válida.' } },
    });
    renderApp('/pedidos/ajustes?cliente_id=1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Guardar ajustes' }, LAZY));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('La zona horaria no es válida.'));
  });

  it('speaks English', async () => {
    routes();
    localStorage.setItem('language', 'en');
    renderApp('/pedidos/ajustes?cliente_id=1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'English' }, LAZY));
    fireEvent.change(await screen.findByLabelText('Preparation time (minutes)', {}, LAZY), { target: { value: '241' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The preparation time must be between 0 and 240 minutes.');
  });
});

describe('settings rules', () => {
  it('turns "00:00" closing into 24:00 and keeps days apart', () => {
    const v = valuesFromConfig(CONFIG, 0);
    const { config, errors } = checkSettings(v, 1_000);
    expect(errors).toEqual({});
    expect(config?.horario).toContainEqual({ dia: 1, abre: '19:00', cierra: '24:00' });
  });

  it('converts the restaurant wall clock both ways, across zones', () => {
    const at = Date.UTC(2025, 6, 1, 16, 0) / 1000; // 12:00 in New York (EDT), 18:00 in Madrid
    expect(toZonedInput(at, 'America/New_York')).toBe('2025-07-01T12:00');
    expect(toZonedInput(at, 'Europe/Madrid')).toBe('2025-07-01T18:00');
    expect(fromZonedInput('2025-07-01T12:00', 'America/New_York')).toBe(at);
    expect(fromZonedInput('2025-01-15T12:00', 'America/New_York')).toBe(Date.UTC(2025, 0, 15, 17, 0) / 1000);
  });
});
