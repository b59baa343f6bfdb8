import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { mockFetch, renderApp, resetLanguage } from '../../test/utils';

const settings = {
  cliente_id: 1,
  logo: '',
  backgroundImage: '',
  cardColor: '#f0f0f0',
  textColor: '#000000',
  cardBorderRadius: '10px',
  fontSize: '16px',
  fontFamily: 'Arial',
  nombre_restaurante: 'La Cava Demo',
  telefono_contacto: '+34 910 000 000',
  ubicacion_google_maps: '',
  direccion: 'Calle Mayor 1, Madrid',
  moneda: 'EUR',
};

const spain = {
  cliente_id: 1,
  pais: 'ES',
  tipo: 'politica',
  responsable: 'La Cava Demo',
  direccion: 'Calle Mayor 1, Madrid',
  telefono: '+34 910 000 000',
  texto: 'Delegado de datos: datos@lacava.example\nHorario: de 9 a 14 h.',
};

function routes(privacy: unknown, status = 200) {
  return mockFetch({
    'GET /api/configuraciones': { body: settings },
    'GET /api/clientes/1/privacidad': { status, body: privacy },
    'GET /api/orders/config': { body: { disponible: false } },
    'GET /api/vinos': { body: [] },
  });
}

beforeEach(resetLanguage);

describe('the privacy notice', () => {
  it("is written from a Spanish restaurant's data, with the owner's text", async () => {
    const { calls } = routes(spain);
    renderApp('/privacidad/1');
    const doc = await screen.findByRole('article', { name: 'Política de privacidad' });
    expect(within(doc).getByRole('heading', { level: 1 })).toHaveTextContent('Política de privacidad');
    expect(within(doc).getByText('El responsable de tus datos es La Cava Demo.')).toBeInTheDocument();
    expect(within(doc).getByText('Dirección: Calle Mayor 1, Madrid')).toBeInTheDocument();
    expect(within(doc).getByText('Teléfono: +34 910 000 000')).toBeInTheDocument();
    for (const h of ['Qué datos guardamos', 'Para qué los usamos', 'Cuánto tiempo los guardamos', 'Cómo decides sobre tus datos'])
      expect(within(doc).getByRole('heading', { level: 2, name: h })).toBeInTheDocument();
    expect(within(doc).getByText(/Tus consentimientos/)).toBeInTheDocument();
    // What is kept names every channel a diner answers for (issue 32: SMS) and the notices' channel.
    const kept = within(within(doc).getByRole('region', { name: 'Qué datos guardamos' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(kept).toContain(
      'Tus consentimientos: si aceptas correos con novedades, mensajes de WhatsApp y SMS, y cuándo y desde dónde lo indicaste (en un formulario, o respondiendo BAJA a un mensaje).',
    );
    expect(kept).toContain('Por dónde quieres recibir los avisos de tus pedidos y cupones: correo, WhatsApp o SMS.');
    expect(within(doc).getByText(/Agencia Española de Protección de Datos/)).toBeInTheDocument();
    expect(within(doc).queryByText(/ARCO/)).not.toBeInTheDocument();
    // Withdrawing and deleting: 'Manejar Cuenta' of this restaurant.
    for (const link of within(doc).getAllByRole('link', { name: 'Manejar Cuenta' }))
      expect(link).toHaveAttribute('href', '/usuario/cuenta?menu=1');
    const owner = within(doc).getByRole('heading', { level: 2, name: 'Más información del restaurante' });
    expect(owner.nextElementSibling).toHaveTextContent('Delegado de datos: datos@lacava.example Horario: de 9 a 14 h.');
    // An anonymous, public read.
    const read = calls.find((c) => c.url === '/api/clientes/1/privacidad')!;
    expect(read.headers.Authorization).toBeUndefined();
  });

  it("calls a Mexican restaurant's notice 'Aviso de privacidad', with the ARCO rights, and leaves out what is not set", async () => {
    routes({ ...spain, pais: 'MX', tipo: 'aviso', direccion: '', telefono: '', texto: '' });
    renderApp('/privacidad/1');
    const doc = await screen.findByRole('article', { name: 'Aviso de privacidad' });
    expect(within(doc).getByText(/derechos ARCO/)).toBeInTheDocument();
    expect(within(doc).queryByText(/Dirección:/)).not.toBeInTheDocument();
    expect(within(doc).queryByText(/Agencia Española/)).not.toBeInTheDocument();
    expect(within(doc).queryByRole('heading', { name: 'Más información del restaurante' })).not.toBeInTheDocument();
  });

  it('is in English: Privacy policy (Spain) and Privacy notice (the US)', async () => {
    await i18next.changeLanguage('en');
    routes(spain);
    const { unmount } = renderApp('/privacidad/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.getByText('La Cava Demo is responsible for your data.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'How long we keep it' })).toBeInTheDocument();
    expect(screen.getByText(/whether you accept e-mails with news, WhatsApp messages and SMS/)).toBeInTheDocument();
    expect(screen.getByText('How you want the notices of your orders and coupons: by e-mail, WhatsApp or SMS.')).toBeInTheDocument();
    unmount();
    routes({ ...spain, pais: 'US', tipo: 'aviso' });
    renderApp('/privacidad/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy notice' })).toBeInTheDocument();
    expect(screen.queryByText(/Data Protection Agency|ARCO/)).not.toBeInTheDocument();
  });

  it('says a restaurant that is not available is not', async () => {
    routes({ error: 'Este menú no está disponible en este momento.' }, 404);
    renderApp('/privacidad/1');
    expect(await screen.findByText('Este restaurante no está disponible en este momento.')).toBeInTheDocument();
  });
});
