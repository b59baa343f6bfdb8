import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderApp, resetLanguage, storeSession, type FetchCall } from '../../test/utils';

const saved = {
  cliente_id: 3,
  logo: 'static/images/default-logo.png',
  backgroundImage: '',
  cardColor: '#f0f0f0',
  textColor: '#000000',
  cardBorderRadius: '8px',
  fontSize: '16px',
  fontFamily: 'Arial',
  nombre_restaurante: 'Tres',
  telefono_contacto: '',
  ubicacion_google_maps: '',
  direccion: '',
  moneda: 'USD',
};

function routes(extra = {}) {
  storeSession({ clienteId: '3' });
  return mockFetch({
    'POST /api/auth/validate': { body: { cliente_id: 3, is_superadmin: 0 } },
    'GET /api/configuraciones': { body: saved },
    ...extra,
  });
}

describe('settings', () => {
  beforeEach(resetLanguage);

  it("shows the owner the restaurant's country, currency, formats and time zone (issue 29)", async () => {
    const es = { ...saved, moneda: 'EUR', pais: 'ES', locale: 'es-ES', locales: { es: 'es-ES', en: 'en-ES' }, zona_horaria: 'Europe/Madrid' };
    routes({ 'GET /api/configuraciones': { body: es } });
    renderApp('/settings?cliente_id=3');
    const box = await screen.findByTestId('settings-country', {}, { timeout: 10_000 });
    expect(box).toHaveTextContent('España (ES)');
    expect(box).toHaveTextContent('EUR');
    expect(box).toHaveTextContent('es-ES: 9,50 € · 15/12/2026, 14:05');
    expect(box).toHaveTextContent('en-ES: €9.50 · 15/12/2026, 14:05');
    expect(box).toHaveTextContent('Europe/Madrid');
    // The page's own prices follow the restaurant's locale too.
    expect(screen.getByTestId('preview-product')).toHaveTextContent('12,50 €');
  });

  it.each([
    ['es', true, 'Precios con IVA incluido', 'Lo define tu punto de venta.'],
    ['es', false, 'Impuestos añadidos al precio', 'Lo define tu punto de venta.'],
    ['en', true, 'Prices include VAT', 'Set by your point of sale.'],
    ['en', false, 'Taxes added to the price', 'Set by your point of sale.'],
  ])("shows the tax mode the menu's prices are in (%s, included: %s)", async (lang, included, mode, source) => {
    await i18next.changeLanguage(lang);
    const settings = included
      ? { ...saved, moneda: 'EUR', pais: 'ES', locale: 'es-ES', locales: { es: 'es-ES', en: 'en-ES' }, zona_horaria: 'Europe/Madrid', impuestos_incluidos: true }
      : { ...saved, pais: 'US', locale: 'es-US', locales: { es: 'es-US', en: 'en-US' }, zona_horaria: 'America/New_York', impuestos_incluidos: false };
    routes({ 'GET /api/configuraciones': { body: settings } });
    renderApp('/settings?cliente_id=3');
    const box = await screen.findByTestId('settings-country', {}, { timeout: 10_000 });
    expect(within(box).getByText(lang === 'es' ? 'Impuestos' : 'Taxes')).toBeInTheDocument();
    expect(within(box).getByTestId('settings-tax-mode')).toHaveTextContent(`${mode} ${source}`);
  });

  const connected = { id: 3, nombre: 'Tres', merchant_id: 'M3', email: 'tres@example.com', estado: 'activo', fecha_proximo_pago: null,
    idioma: 'es', pais: 'ES', pos_provider: 'clover', pos_conectado: true, pos_reconectar: false, webhook_secret_configurado: false };
  it.each([
    ['es', 'ES', false, 'En España los precios que ven los comensales deben incluir el IVA, pero tu punto de venta suma los impuestos aparte.'],
    ['en', 'ES', false, 'In Spain the prices diners see must include VAT, but your point of sale adds taxes on top.'],
    ['es', 'ES', true, null],
    ['es', 'US', false, null],
    ['es', 'MX', false, 'En México los precios que ven los comensales deben incluir el IVA, pero tu punto de venta suma los impuestos aparte.'],
    ['en', 'MX', false, 'In Mexico the prices diners see must include VAT, but your point of sale adds taxes on top.'],
    ['es', 'MX', true, null],
  ])("warns (%s) when the country's prices include VAT but the POS adds tax (%s, included: %s)", async (lang, pais, included, warning) => {
    await i18next.changeLanguage(lang);
    routes({ 'GET /api/configuraciones': { body: { ...saved, pais, impuestos_incluidos: included } }, 'GET /api/clientes/3': { body: connected } });
    renderApp('/settings?cliente_id=3');
    const box = await screen.findByTestId('settings-country', {}, { timeout: 10_000 });
    if (warning) expect(await within(box).findByTestId('settings-tax-mismatch')).toHaveTextContent(warning);
    else {
      await screen.findByTestId('webhook-state'); // the restaurant's POS state has arrived
      expect(within(box).queryByTestId('settings-tax-mismatch')).not.toBeInTheDocument();
    }
  });

  it('does not warn about the tax mode before a point of sale is connected (a new restaurant in Spain)', async () => {
    routes({
      'GET /api/configuraciones': { body: { ...saved, pais: 'ES', impuestos_incluidos: false } },
      'GET /api/clientes/3': { body: { ...connected, pos_provider: '', pos_conectado: false } },
    });
    renderApp('/settings?cliente_id=3');
    const box = await screen.findByTestId('settings-country', {}, { timeout: 10_000 });
    await screen.findByTestId('webhook-state'); // the restaurant's POS state has arrived
    expect(within(box).queryByTestId('settings-tax-mismatch')).not.toBeInTheDocument();
  });

  it('updates the live preview as the form changes', async () => {
    routes();
    renderApp('/settings?cliente_id=3');
    expect(await screen.findByRole('heading', { name: 'Configuraciones', level: 1 }, { timeout: 10_000 })).toBeInTheDocument();
    const card = await screen.findByTestId('preview-card');
    expect(card).toHaveStyle({ backgroundColor: '#f0f0f0', borderRadius: '8px' });

    fireEvent.input(screen.getByLabelText('Color de la tarjeta'), { target: { value: '#aa0000' } });
    fireEvent.input(screen.getByLabelText('Color del texto'), { target: { value: '#00ff00' } });
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Radio del borde (px)'));
    await user.type(screen.getByLabelText('Radio del borde (px)'), '20');
    await user.clear(screen.getByLabelText('Tamaño de fuente (px)'));
    await user.type(screen.getByLabelText('Tamaño de fuente (px)'), '22');
    await user.selectOptions(screen.getByLabelText('Tipo de fuente'), 'Courier New');
    await user.selectOptions(screen.getByLabelText('Moneda'), 'EUR');

    expect(card).toHaveStyle({ backgroundColor: '#aa0000', color: '#00ff00', borderRadius: '20px', fontSize: '22px' });
    expect(card.style.fontFamily).toContain('Courier New');
    expect(screen.getByTestId('preview-product')).toHaveTextContent('12.50');
    expect(screen.getByTestId('preview-product')).toHaveTextContent('€');
    expect(
      Array.from((screen.getByLabelText('Tipo de fuente') as HTMLSelectElement).options).map((o) => o.value),
    ).toEqual(['Arial', 'Verdana', 'Tahoma', 'Georgia', 'Times New Roman', 'Courier New']);
  });

  it('saves and shows the success message', async () => {
    const { calls } = routes({ 'POST /api/configuraciones': { body: { ...saved, cardColor: '#aa0000' } } });
    renderApp('/settings?cliente_id=3');
    fireEvent.input(await screen.findByLabelText('Color de la tarjeta'), { target: { value: '#aa0000' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Guardar Configuración' }));
    expect(await screen.findByText('Configuración guardada correctamente.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/configuraciones')!;
    expect(post.body).toMatchObject({ cliente_id: 3, cardColor: '#aa0000', cardBorderRadius: '8px', fontSize: '16px', moneda: 'USD' });
    expect(post.headers.Authorization).toBe('Bearer tok-1');
  });

  it('shows the server error, or the generic one', async () => {
    routes({ 'POST /api/configuraciones': { status: 500, body: {} } });
    renderApp('/settings?cliente_id=3');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Guardar Configuración' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al guardar la configuración.');
  });

  it('uploads a logo and shows it in the preview', async () => {
    const { calls } = routes({ 'POST /api/configuraciones/logo': { body: { url: '/media/logo-new.png' } } });
    renderApp('/settings?cliente_id=3');
    const input = await screen.findByLabelText('Logo');
    await userEvent.setup().upload(input, new File(['x'], 'l.png', { type: 'image/png' }));
    expect(await screen.findByText('Logo actualizado correctamente.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('preview-logo')).toHaveAttribute('src', '/media/logo-new.png'));
    const post = calls.find((c) => c.url === '/api/configuraciones/logo')!;
    expect((post.body as FormData).get('cliente_id')).toBe('3');
  });

  it('says so when there is no cliente_id', async () => {
    storeSession({ clienteId: null });
    mockFetch({ 'POST /api/auth/validate': { body: { cliente_id: null, is_superadmin: 0 } } });
    renderApp('/settings');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: cliente_id no está disponible.');
  });
});

describe("'Privacidad' card", () => {
  it("saves the text the owner adds to the privacy notice, and links to the notice", async () => {
    const notice = { cliente_id: 3, pais: 'MX', tipo: 'aviso', responsable: 'Demo', direccion: '', telefono: '', texto: 'Antes.' };
    const { calls } = routes({
      'GET /api/clientes/3/privacidad': { body: notice },
      'PUT /api/clientes/3/privacidad': (call: FetchCall) => ({ body: { ...notice, texto: (call.body as { texto: string }).texto } }),
    });
    renderApp('/settings?cliente_id=3');
    const text = await screen.findByLabelText('Texto adicional (opcional)');
    expect(text).toHaveValue('Antes.');
    expect(screen.getByRole('link', { name: 'Ver el aviso de privacidad' })).toHaveAttribute('href', '/privacidad/3');
    const user = userEvent.setup();
    await user.clear(text);
    await user.type(text, '  Escríbenos a datos@demo.example  ');
    await user.click(screen.getByRole('button', { name: 'Guardar texto' }));
    expect(await screen.findByText('Texto guardado.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT' && c.url === '/api/clientes/3/privacidad')!;
    expect(put.body).toEqual({ texto: 'Escríbenos a datos@demo.example' });
    expect(put.headers.Authorization).toBe('Bearer tok-1');
    expect(text).toHaveValue('Escríbenos a datos@demo.example');
  });
});
