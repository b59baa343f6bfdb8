import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { mockFetch, renderApp, resetLanguage, storeSession, type FetchCall, type MockAnswer } from '../../test/utils';
import type { Campana } from './api/campaigns-api';
import { audienceOf, localToUnix } from './components/CampaignComposer';

const sent: Campana = {
  id: 5,
  cliente_id: 3,
  nombre: 'Vuelve en junio',
  canal: 'email',
  asunto: 'Hola {nombre}',
  cuerpo: 'Te esperamos',
  plantilla: '',
  variables: [],
  idioma: 'es',
  audiencia: 'todos',
  dias: 0,
  puntos_min: 0,
  cupon_id: 0,
  estado: 'enviada',
  programada_at: 1_780_000_000,
  iniciada_at: 1_780_000_000,
  enviada_at: 1_780_000_010,
  created_at: 1_780_000_000,
  updated_at: 1_780_000_010,
  cuentas: { en_cola: 4, enviados: 3, entregados: 3, fallidos: 1, pendientes: 0, bajas: 1 },
};

function owner(more: Record<string, MockAnswer> = {}) {
  storeSession({ clienteId: '3' });
  return mockFetch({
    'POST /api/auth/validate': { body: { cliente_id: 3, is_superadmin: 0 } },
    'GET /api/clientes/3': { body: { id: 3, nombre: 'Tres' } },
    'GET /api/clientes/3/campanas': { body: [sent] },
    'POST /api/clientes/3/campanas/audiencia': (c: FetchCall) => ({ body: { total: (c.body as { audiencia: string }).audiencia === 'todos' ? 4 : 1 } }),
    ...more,
  });
}

describe("the owner's 'Campañas' page", () => {
  beforeEach(resetLanguage);
  afterEach(() => vi.unstubAllGlobals());

  it('lists the campaigns with what became of their messages, and counts the audience live', async () => {
    const { calls } = owner();
    renderApp('/campanas?cliente_id=3');
    expect(await screen.findByRole('heading', { name: 'Campañas', level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    const row = await screen.findByTestId('campaign-row');
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Vuelve en junio');
    expect(row).toHaveTextContent('Enviada');
    expect(row.querySelector('[data-count="bajas"]')).toHaveTextContent('1');
    expect(row.querySelector('[data-count="fallidos"]')).toHaveTextContent('1');
    expect(await screen.findByText('Llega a 4 clientes')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('A quién'), 'inactivos');
    expect(await screen.findByText('Llega a 1 cliente')).toBeInTheDocument();
    const last = calls.filter((c) => c.url === '/api/clientes/3/campanas/audiencia').at(-1)!;
    expect(last.body).toEqual({ canal: 'email', audiencia: 'inactivos', dias: 30 });
    const nav = screen.getByRole('navigation', { name: 'Secciones del panel' });
    expect(within(nav).getByRole('link', { name: 'Campañas' })).toHaveAttribute('aria-current', 'page');
  });

  it('previews with a real diner, then creates and sends the campaign now', async () => {
    const created = { ...sent, id: 9, estado: 'borrador' as const, cuentas: { ...sent.cuentas, en_cola: 0 } };
    const { calls } = owner({
      'POST /api/clientes/3/campanas/preview': {
        body: { asunto: 'Hola Lucía', texto: 'Te esperamos en Tres.\n\n--\nDarme de baja: …', html: '', plantilla: '', variables: [], destinatario: 'Lucía', ejemplo: false, total: 4 },
      },
      'POST /api/clientes/3/campanas': { status: 201, body: created },
      'POST /api/clientes/3/campanas/9/enviar': { body: { ...created, estado: 'programada' } },
    });
    renderApp('/campanas?cliente_id=3');
    await userEvent.type(await screen.findByLabelText('Nombre', {}, { timeout: 5000 }), 'Junio');
    await userEvent.type(screen.getByLabelText('Asunto'), 'Hola');
    await userEvent.type(screen.getByLabelText('Texto del correo'), 'Te esperamos');
    await userEvent.click(screen.getByRole('button', { name: 'Vista previa' }));
    expect(await screen.findByRole('heading', { name: 'Así lo verá Lucía' })).toBeInTheDocument();
    expect(screen.getByText(/Hola Lucía/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar ahora' }));
    expect(await screen.findByText('Campaña en envío.')).toBeInTheDocument();
    const create = calls.find((c) => c.method === 'POST' && c.url === '/api/clientes/3/campanas')!;
    expect(create.body).toMatchObject({ nombre: 'Junio', canal: 'email', asunto: 'Hola', cuerpo: 'Te esperamos', audiencia: 'todos' });
    expect(calls.find((c) => c.url === '/api/clientes/3/campanas/9/enviar')!.body).toEqual({});
  });

  it('shows a server error in English', async () => {
    owner({ 'POST /api/clientes/3/campanas': { status: 400, body: { error: 'Write the e-mail subject.' } } });
    await act(() => i18next.changeLanguage('en'));
    renderApp('/campanas?cliente_id=3');
    await userEvent.type(await screen.findByLabelText('Name', {}, { timeout: 5000 }), 'June');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Write the e-mail subject.');
    expect(screen.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeInTheDocument();
  });

  it('builds the audience from what its kind uses', () => {
    expect(audienceOf('puntos', 30, 50, 2)).toEqual({ audiencia: 'puntos', puntos_min: 50 });
    expect(audienceOf('oferta', 30, 50, 2)).toEqual({ audiencia: 'oferta', cupon_id: 2 });
    expect(localToUnix('')).toBe(0);
    expect(localToUnix('2026-06-01T12:00')).toBeGreaterThan(0);
  });
});

describe('the unsubscribe page (/baja)', () => {
  beforeEach(resetLanguage);
  afterEach(() => vi.unstubAllGlobals());

  it('says what it will do, unsubscribes with one click and confirms', async () => {
    const { calls } = mockFetch({
      'GET /api/baja': { body: { restaurante: 'Casa Tres', canal: 'email', de_baja: false } },
      'POST /api/baja': { body: { restaurante: 'Casa Tres', canal: 'email', de_baja: true } },
    });
    renderApp('/baja?t=u1.3.email.5.k.sig');
    expect(await screen.findByText(/Dejarás de recibir correos de novedades de Casa Tres/, {}, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Darme de baja' }));
    expect(await screen.findByText('Listo: ya no recibirás correos de novedades de Casa Tres.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/baja?t=u1.3.email.5.k.sig');
    expect((post.body as FormData).get('List-Unsubscribe')).toBe('One-Click');
  });

  it('explains a forged link in English', async () => {
    mockFetch({ 'GET /api/baja': { status: 400, body: { error: 'The unsubscribe link is not valid. Copy the whole link from the e-mail.' } } });
    await act(() => i18next.changeLanguage('en'));
    renderApp('/baja?t=forged');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The unsubscribe link is not valid.'), { timeout: 5000 });
    expect(screen.getByRole('heading', { name: 'Unsubscribe' })).toBeInTheDocument();
  });
});
