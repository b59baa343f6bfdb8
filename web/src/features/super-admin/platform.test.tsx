import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, queryOf, renderApp, resetLanguage, storeSession, type FetchCall } from '../../test/utils';
import type { Cliente } from './api/platform-api';

const validate = { 'POST /api/auth/validate': { body: { cliente_id: null, merchant_id: null, is_superadmin: true } } };

function cliente(id: number, over: Partial<Cliente> = {}): Cliente {
  return {
    id,
    nombre: `Restaurante ${id}`,
    merchant_id: `MID-${id}`,
    email: `r${id}@example.com`,
    estado: 'activo',
    fecha_proximo_pago: '2026-12-01',
    idioma: 'es',
    pais: 'US',
    pos_provider: 'demo',
    pos_conectado: true,
    pos_reconectar: false,
    webhook_secret_configurado: false,
    ...over,
  };
}

/** GET /api/clients answering a 45-restaurant list by ?q=, ?limit= and ?offset=. */
function clientsRoute(all: Cliente[]) {
  return (call: FetchCall) => {
    const p = queryOf(call);
    const q = (p.get('q') ?? '').toLowerCase();
    const matching = all.filter((c) => !q || c.nombre.toLowerCase().includes(q));
    const offset = Number(p.get('offset') ?? 0);
    const limit = Number(p.get('limit') ?? 50);
    return { body: matching.slice(offset, offset + limit), headers: { 'X-Total-Count': String(matching.length) } };
  };
}

/** Chooses an action of a row's 'Acciones' menu. */
async function rowAction(row: HTMLElement, name: string) {
  await userEvent.click(within(row).getByRole('button', { name: /^Acciones:/ }));
  await userEvent.click(await within(row).findByRole('menuitem', { name }));
}

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  await resetLanguage();
});

describe('Dashboard de Super Admin', () => {
  const all = Array.from({ length: 45 }, (_, i) => cliente(45 - i));
  all[0] = cliente(45, { nombre: 'La Cava', estado: 'pendiente', pos_reconectar: true });

  it('shows the columns, translated estados and a reconnect badge, and pages with X-Total-Count', async () => {
    storeSession({ superadmin: true });
    const { calls } = mockFetch({ ...validate, 'GET /api/clients': clientsRoute(all) });
    renderApp('/super-admin/dashboard');
    const first = await screen.findByTestId('cliente-45', {}, { timeout: 5000 });
    expect(screen.getByRole('heading', { name: 'Dashboard de Super Admin' })).toBeInTheDocument();
    for (const name of ['ID', 'Restaurante', 'Merchant ID', 'Estado', 'Punto de venta', 'Próximo Pago', 'Acciones']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    expect(within(first).getByRole('rowheader')).toHaveTextContent('La Cava');
    expect(within(first).getByText('Pendiente')).toBeInTheDocument();
    expect(within(first).getByText('Reconectar')).toBeInTheDocument();
    expect(within(screen.getByTestId('cliente-44')).getByText('Conectado')).toBeInTheDocument();
    await userEvent.click(within(first).getByRole('button', { name: 'Acciones: La Cava' }));
    expect(within(first).getByRole('menuitem', { name: 'Abrir panel' })).toHaveAttribute('href', '/super-admin/dashboard/45');
    expect(within(first).getByRole('menuitem', { name: 'Reconectar punto de venta' })).toHaveAttribute(
      'href',
      '/super-admin/clover-auth?merchant_id=MID-45&nombre=La+Cava&email=r45%40example.com',
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.getByText('Mostrando 1–20 de 45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Mostrando 21–40 de 45')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Mostrando 41–45 de 45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    const last = calls.filter((c) => c.url.startsWith('/api/clients')).at(-1)!;
    expect(queryOf(last).get('offset')).toBe('40');
    expect(queryOf(last).get('limit')).toBe('20');
  }, 15_000);

  it('searches once typing settles, from the first page', async () => {
    storeSession({ superadmin: true });
    const { calls } = mockFetch({ ...validate, 'GET /api/clients': clientsRoute(all) });
    renderApp('/super-admin/dashboard');
    await screen.findByTestId('cliente-45');
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await screen.findByText('Mostrando 21–40 de 45');
    const before = calls.length;
    await userEvent.type(screen.getByLabelText('Buscar'), 'cava');
    expect(await screen.findByText('Mostrando 1–1 de 1', {}, { timeout: 3000 })).toBeInTheDocument();
    const searches = calls.slice(before).filter((c) => c.url.startsWith('/api/clients'));
    // Debounced: one request for the whole word, not one per key.
    expect(searches.map((c) => queryOf(c).get('q'))).toEqual(['cava']);
    expect(queryOf(searches[0]).get('offset')).toBe('0');
  }, 15_000);

  it('filters by estado', async () => {
    storeSession({ superadmin: true });
    const { calls } = mockFetch({ ...validate, 'GET /api/clients': clientsRoute(all) });
    renderApp('/super-admin/dashboard');
    await screen.findByTestId('cliente-45');
    await userEvent.selectOptions(screen.getByLabelText('Estado'), 'suspendido');
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/clients') && queryOf(c).get('estado') === 'suspendido')).toBe(true));
  });

  it("sends the onboarding link from the row's merchant id and e-mail, closes, and leaves the link to copy", async () => {
    storeSession({ superadmin: true });
    const enlace = 'https://carta.example/establecer-password?merchant_id=MID-44&email=r44%40example.com&token=abc';
    const { calls } = mockFetch({
      ...validate,
      'GET /api/clients': clientsRoute(all),
      'POST /api/send-email': { body: { mensaje: 'Correo enviado exitosamente.', enlace, caduca: 1_800_000_000 } },
    });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/super-admin/dashboard');
    const row = await screen.findByTestId('cliente-44');
    await rowAction(row, 'Enviar Enlace');
    const dialog = await screen.findByRole('dialog', { name: 'Enviar Enlace' });
    expect(within(dialog).getByLabelText('Merchant ID')).toHaveValue('MID-44');
    expect(within(dialog).getByLabelText('Correo electrónico')).toHaveValue('r44@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar Enlace' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Correo enviado exitosamente. Enlace de Restaurante 44 enviado a r44@example.com.')).toBeInTheDocument();
    expect(screen.getByLabelText('Enlace para copiar')).toHaveValue(enlace);
    const copy = screen.getByRole('button', { name: 'Copiar enlace' });
    expect(copy).toHaveFocus();
    await userEvent.click(copy);
    expect(writeText).toHaveBeenCalledWith(enlace);
    expect(await screen.findByText('Enlace copiado.')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/send-email')?.body).toEqual({ merchant_id: 'MID-44', email: 'r44@example.com' });
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar aviso' }));
    expect(screen.queryByLabelText('Enlace para copiar')).toBeNull();
  });

  it('asks before voiding a link not used yet, and sends nothing until told to', async () => {
    storeSession({ superadmin: true });
    // The page's clock (only Date: the user's events run on real timers).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
    const future = Date.parse('2026-11-27T13:00:00Z') / 1000;
    const withLink = all.map((c) => (c.id === 44 ? { ...c, enlace_caduca: future } : c));
    const { calls } = mockFetch({
      ...validate,
      'GET /api/clients': clientsRoute(withLink),
      'POST /api/send-email': { body: { mensaje: 'Correo enviado exitosamente.', enlace: 'https://x.example/l', caduca: future + 3600 } },
    });
    renderApp('/super-admin/dashboard');
    const row = await screen.findByTestId('cliente-44');
    expect(within(row).getByText(/^Enlace sin usar hasta el /)).toBeInTheDocument();
    await rowAction(row, 'Enviar Enlace');
    let dialog = await screen.findByRole('dialog', { name: 'Enviar Enlace' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar Enlace' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('¿Enviar un enlace nuevo? El anterior dejará de funcionar.');
    expect(dialog).toHaveTextContent('El dueño de Restaurante 44 tiene un enlace sin usar (caduca el');
    expect(calls.some((c) => c.url === '/api/send-email')).toBe(false);
    // 'No, mantener el enlace' (focused) closes without sending.
    expect(within(dialog).getByRole('button', { name: 'No, mantener el enlace' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'No, mantener el enlace' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.url === '/api/send-email')).toBe(false);

    await rowAction(row, 'Enviar Enlace');
    dialog = await screen.findByRole('dialog', { name: 'Enviar Enlace' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar Enlace' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Enviar enlace nuevo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.url === '/api/send-email').map((c) => c.body)).toEqual([
      { merchant_id: 'MID-44', email: 'r44@example.com', reemplazar: true },
    ]);
  });

  it("asks too when the server says the restaurant has a link the list did not show (409)", async () => {
    storeSession({ superadmin: true });
    const bodies: unknown[] = [];
    mockFetch({
      ...validate,
      'GET /api/clients': clientsRoute(all),
      'POST /api/send-email': (call) => {
        bodies.push(call.body);
        return (call.body as { reemplazar?: boolean }).reemplazar
          ? { body: { mensaje: 'Correo enviado exitosamente.', enlace: 'https://x.example/l', caduca: 1_800_000_000 } }
          : { status: 409, body: { error: 'Este restaurante ya tiene un enlace sin usar. ¿Enviar un enlace nuevo? El anterior dejará de funcionar.' } };
      },
    });
    renderApp('/super-admin/dashboard');
    const row = await screen.findByTestId('cliente-44');
    await rowAction(row, 'Enviar Enlace');
    const dialog = await screen.findByRole('dialog', { name: 'Enviar Enlace' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar Enlace' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('¿Enviar un enlace nuevo? El anterior dejará de funcionar.');
    expect(dialog).toHaveTextContent('El dueño de Restaurante 44 tiene un enlace sin usar.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar enlace nuevo' }));
    expect(await screen.findByLabelText('Enlace para copiar')).toHaveValue('https://x.example/l');
    expect(bodies).toEqual([
      { merchant_id: 'MID-44', email: 'r44@example.com' },
      { merchant_id: 'MID-44', email: 'r44@example.com', reemplazar: true },
    ]);
  });

  it("works the 'Acciones' menu by keyboard", async () => {
    storeSession({ superadmin: true });
    mockFetch({ ...validate, 'GET /api/clients': clientsRoute(all) });
    renderApp('/super-admin/dashboard');
    const row = await screen.findByTestId('cliente-44');
    const button = within(row).getByRole('button', { name: 'Acciones: Restaurante 44' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    const menu = within(row).getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Enviar Enlace', 'Abrir panel', 'Cambiar país', 'Suspender']);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(items[3]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(items[3]).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(within(row).queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
    // ArrowUp opens on the last item; Enter chooses it.
    await userEvent.keyboard('{ArrowUp}');
    expect(within(row).getAllByRole('menuitem')[3]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: '¿Suspender Restaurante 44?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    // The focus comes back to the row's menu button.
    await waitFor(() => expect(button).toHaveFocus());
    // A click outside closes it.
    await userEvent.click(button);
    expect(within(row).getByRole('menu')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('heading', { name: 'Dashboard de Super Admin' }));
    expect(within(row).queryByRole('menu')).toBeNull();
  });

  it("shows 'Error al enviar el correo: {error}' when the server refuses", async () => {
    storeSession({ superadmin: true });
    mockFetch({
      ...validate,
      'GET /api/clients': clientsRoute(all),
      'POST /api/send-email': { status: 400, body: { error: 'El cliente no tiene un Merchant ID válido.' } },
    });
    renderApp('/super-admin/dashboard');
    const row = await screen.findByTestId('cliente-44');
    await rowAction(row, 'Enviar Enlace');
    const dialog = await screen.findByRole('dialog', { name: 'Enviar Enlace' });
    await userEvent.clear(within(dialog).getByLabelText('Merchant ID'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar Enlace' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Merchant ID y email son obligatorios.');
    await userEvent.type(within(dialog).getByLabelText('Merchant ID'), 'OTRO');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar Enlace' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error al enviar el correo: El cliente no tiene un Merchant ID válido.');
  });

  it('saves the next payment date and suspends after confirming', async () => {
    storeSession({ superadmin: true });
    const { calls } = mockFetch({
      ...validate,
      'GET /api/clients': clientsRoute(all),
      'PUT /api/clients/44': (call) => ({ body: { ...cliente(44), ...(call.body as object) } }),
    });
    renderApp('/super-admin/dashboard');
    const row = await screen.findByTestId('cliente-44');
    // Typing the year passes through 0002-…, 0020-…: only the settled date is saved.
    const date = within(row).getByLabelText('Próximo pago de Restaurante 44');
    fireEvent.change(date, { target: { value: '0002-01-15' } });
    fireEvent.change(date, { target: { value: '0202-01-15' } });
    fireEvent.change(date, { target: { value: '2027-01-15' } });
    expect(await screen.findByText('Fecha de próximo pago de Restaurante 44 guardada.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ fecha_proximo_pago: '2027-01-15' }]);

    await rowAction(row, 'Suspender');
    const dialog = await screen.findByRole('dialog', { name: '¿Suspender Restaurante 44?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspender' }));
    expect(await screen.findByText('Restaurante 44 quedó suspendido.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ estado: 'suspendido' });
  });

  it("moves a restaurant to another country from its actions ('Cambiar país')", async () => {
    storeSession({ superadmin: true });
    const { calls } = mockFetch({
      ...validate,
      'GET /api/clients': clientsRoute(all),
      'PUT /api/clients/44': (call) => ({ body: { ...cliente(44), ...(call.body as object) } }),
    });
    renderApp('/super-admin/dashboard');
    const row = await screen.findByTestId('cliente-44');
    await rowAction(row, 'Cambiar país');
    const dialog = await screen.findByRole('dialog', { name: 'País de Restaurante 44' });
    const pais = within(dialog).getByLabelText('País');
    expect(pais).toHaveValue('US');
    expect(within(dialog).getByRole('button', { name: 'Guardar país' })).toBeDisabled();
    await userEvent.selectOptions(pais, 'ES');
    expect(within(dialog).getByText(/Define la moneda \(EUR\)/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar país' }));
    expect(await screen.findByText('Restaurante 44 quedó en España.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ pais: 'ES' }]);
  });

  it("shows the server's refusal of a country and keeps the dialog open", async () => {
    storeSession({ superadmin: true });
    mockFetch({
      ...validate,
      'GET /api/clients': clientsRoute(all),
      'PUT /api/clients/44': { status: 400, body: { error: 'El país debe ser uno de: ES, MX, US.' } },
    });
    renderApp('/super-admin/dashboard');
    await rowAction(await screen.findByTestId('cliente-44'), 'Cambiar país');
    const dialog = await screen.findByRole('dialog', { name: 'País de Restaurante 44' });
    await userEvent.selectOptions(within(dialog).getByLabelText('País'), 'MX');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar país' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('El país debe ser uno de: ES, MX, US.');
  });

  it('creates a restaurant', async () => {
    storeSession({ superadmin: true });
    const { calls } = mockFetch({
      ...validate,
      'GET /api/clients': clientsRoute(all),
      'POST /api/clients': { status: 201, body: cliente(46, { nombre: 'Nuevo Sitio', estado: 'pendiente', merchant_id: null }) },
    });
    renderApp('/super-admin/dashboard');
    await screen.findByTestId('cliente-45');
    await userEvent.click(screen.getByRole('button', { name: 'Nuevo restaurante' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo restaurante' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear restaurante' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('El nombre del restaurante es obligatorio.');
    await userEvent.type(within(dialog).getByLabelText('Nombre del restaurante'), 'Nuevo Sitio');
    await userEvent.type(within(dialog).getByLabelText('Correo del dueño'), 'nuevo@example.com');
    await userEvent.selectOptions(within(dialog).getByLabelText('Idioma de los correos'), 'en');
    // The country (issue 29): the server's list, Estados Unidos by default; España sets euros.
    const pais = within(dialog).getByLabelText('País');
    expect(pais).toHaveValue('US');
    expect(within(pais).getAllByRole('option').map((o) => o.textContent)).toEqual(['España', 'México', 'Estados Unidos']);
    await userEvent.selectOptions(pais, 'ES');
    expect(within(dialog).getByText(/Define la moneda \(EUR\)/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear restaurante' }));
    expect(await screen.findByText('Restaurante Nuevo Sitio creado (ID 46).')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/clients')?.body).toEqual({
      nombre: 'Nuevo Sitio',
      email: 'nuevo@example.com',
      idioma: 'en',
      pais: 'ES',
    });
  });
});

describe('Configuración del Token de Clover', () => {
  async function submit(values: { merchant?: string; code?: string; nombre?: string; email?: string }) {
    if (values.merchant) await userEvent.type(await screen.findByLabelText('Merchant ID'), values.merchant);
    if (values.code) await userEvent.type(screen.getByLabelText('Código de autorización'), values.code);
    if (values.nombre) await userEvent.type(screen.getByLabelText('Nombre del restaurante (opcional)'), values.nombre);
    if (values.email) await userEvent.type(screen.getByLabelText('Correo del dueño'), values.email);
    await userEvent.click(screen.getByRole('button', { name: 'Conectar con Clover' }));
  }

  it('explains the demo codes and requires merchant id and code', async () => {
    storeSession({ superadmin: true });
    const { calls } = mockFetch(validate);
    renderApp('/super-admin/clover-auth');
    expect(await screen.findByRole('heading', { name: 'Configuración del Token de Clover' })).toBeInTheDocument();
    expect(screen.getByText(/empiece por demo-/)).toBeInTheDocument();
    await submit({ merchant: 'MID-1' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Todos los campos son obligatorios.');
    expect(calls.some((c) => c.url === '/api/callback')).toBe(false);
  });

  it("shows 'Éxito: {mensaje}' and sends the fields", async () => {
    storeSession({ superadmin: true });
    const { calls } = mockFetch({
      ...validate,
      'POST /api/callback': { body: { mensaje: 'Casa quedó conectado con Clover (Merchant ID MID-1).', cliente: cliente(1) } },
    });
    renderApp('/super-admin/clover-auth');
    await submit({ merchant: 'MID-1', code: 'demo-1', email: 'c@example.com' });
    expect(await screen.findByRole('status')).toHaveTextContent('Éxito: Casa quedó conectado con Clover (Merchant ID MID-1).');
    expect(calls.find((c) => c.url === '/api/callback')?.body).toEqual({ merchant_id: 'MID-1', code: 'demo-1', nombre: '', email: 'c@example.com' });
  });

  it("shows the server's error text as is", async () => {
    storeSession({ superadmin: true });
    mockFetch({
      ...validate,
      'POST /api/callback': { status: 400, body: { error: 'Error 401: No autorizado. El código es inválido o ha expirado.' } },
    });
    renderApp('/super-admin/clover-auth');
    await submit({ merchant: 'MID-1', code: 'malo' });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error 401: No autorizado. El código es inválido o ha expirado.$/);
  });

  it("says 'Error al conectar con el servidor.' when the network fails", async () => {
    storeSession({ superadmin: true });
    mockFetch({ ...validate, 'POST /api/callback': new TypeError('Failed to fetch') });
    renderApp('/super-admin/clover-auth');
    await submit({ merchant: 'MID-1', code: 'demo-1' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al conectar con el servidor.');
  });

  const unknown = { status: 404, body: { error: 'No hay ningún restaurante con el Merchant ID MID-9. Elige un restaurante existente o confirma que quieres crear uno nuevo.' } };

  it('asks which restaurant a Merchant ID no restaurant has is for, and connects the one picked with its own Merchant ID', async () => {
    storeSession({ superadmin: true });
    const bodies: unknown[] = [];
    const { calls } = mockFetch({
      ...validate,
      'GET /api/clients': clientsRoute([cliente(1, { nombre: 'La Cava' }), cliente(2, { nombre: 'Sin merchant', merchant_id: null })]),
      'POST /api/callback': (call) => {
        bodies.push(call.body);
        const b = call.body as { cliente_id?: number };
        return b.cliente_id ? { body: { mensaje: 'La Cava quedó conectado con Clover (Merchant ID MID-1).', cliente: cliente(1, { nombre: 'La Cava' }) } } : unknown;
      },
    });
    renderApp('/super-admin/clover-auth');
    await submit({ merchant: 'MID-9', code: 'demo-1' });
    const dialog = await screen.findByRole('dialog', { name: '¿De qué restaurante es este Merchant ID?' });
    expect(dialog).toHaveTextContent('Ningún restaurante tiene el Merchant ID MID-9. No se ha creado ni cambiado nada.');
    expect(within(dialog).getByRole('button', { name: 'Conectar este restaurante' })).toBeDisabled();
    await userEvent.click(await within(dialog).findByRole('radio', { name: /La Cava/ }));
    expect(dialog).toHaveTextContent('Se conectará con su Merchant ID, MID-1.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Conectar este restaurante' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Éxito: La Cava quedó conectado con Clover (Merchant ID MID-1).');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodies).toEqual([
      { merchant_id: 'MID-9', code: 'demo-1', nombre: '', email: '' },
      { merchant_id: 'MID-1', code: 'demo-1', nombre: '', email: '', cliente_id: 1 },
    ]);
    expect(calls.filter((c) => c.url === '/api/callback')).toHaveLength(2);
  });

  it("creates a restaurant only when the super admin chooses to, named 'Cliente Sin Nombre' without a name", async () => {
    storeSession({ superadmin: true });
    const bodies: unknown[] = [];
    mockFetch({
      ...validate,
      'GET /api/clients': clientsRoute([cliente(1)]),
      'POST /api/callback': (call) => {
        bodies.push(call.body);
        return (call.body as { crear?: boolean }).crear
          ? { body: { mensaje: 'Cliente Sin Nombre quedó conectado con Clover (Merchant ID MID-9).', cliente: cliente(3, { nombre: 'Cliente Sin Nombre', merchant_id: 'MID-9' }) } }
          : unknown;
      },
    });
    renderApp('/super-admin/clover-auth');
    await submit({ merchant: 'MID-9', code: 'demo-1' });
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear restaurante «Cliente Sin Nombre»' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Éxito: Cliente Sin Nombre quedó conectado');
    expect(bodies[1]).toEqual({ merchant_id: 'MID-9', code: 'demo-1', nombre: '', email: '', crear: true });
  });

  it('cancelling the question sends nothing more', async () => {
    storeSession({ superadmin: true });
    const { calls } = mockFetch({ ...validate, 'GET /api/clients': clientsRoute([]), 'POST /api/callback': unknown });
    renderApp('/super-admin/clover-auth');
    await submit({ merchant: 'MID-9', code: 'demo-1' });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Ningún restaurante coincide con la búsqueda.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.url === '/api/callback')).toHaveLength(1);
  });
});
