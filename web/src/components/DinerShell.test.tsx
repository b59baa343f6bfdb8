import { describe, expect, it, beforeEach } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { resetLanguage } from '../test/utils';
import { shellNav } from '../app/DinerLayout';
import { currentNavKey, DinerShell, useDinerShell, type DinerShellValue } from './DinerShell';

const t = i18next.t;

function Probe() {
  const shell = useDinerShell();
  return <p data-testid="probe">{shell?.restaurantName}</p>;
}

function renderShell(
  path: string,
  value: Partial<DinerShellValue> = {},
  has: { ordering: boolean | undefined; cava: boolean | undefined } = { ordering: true, cava: true },
  look: 'loaded' | 'loading' | 'no logo' = 'loaded',
) {
  const full: DinerShellValue = { clienteId: '1', restaurantName: 'La Cava Demo', openRegister: () => {}, ...value };
  const settings = {
    cliente_id: 1,
    logo: 'static/images/logo.png',
    backgroundImage: '',
    cardColor: '#fbf6ee',
    textColor: '#2b1d16',
    cardBorderRadius: '12px',
    fontSize: '16px',
    fontFamily: 'Georgia',
    nombre_restaurante: 'La Cava Demo',
    telefono_contacto: '',
    ubicacion_google_maps: '',
    direccion: '',
    moneda: 'USD',
    pais: 'US',
    locale: 'es-US',
    locales: { es: 'es-US', en: 'en-US' },
    zona_horaria: 'America/New_York',
    impuestos_incluidos: false,
  };
  return render(
    <MemoryRouter initialEntries={[path]}>
      <DinerShell
        value={full}
        settings={look === 'loading' ? undefined : look === 'no logo' ? { ...settings, logo: '' } : settings}
        nav={shellNav('1', has, t)}
        account={<button type="button">Registrarse</button>}
      >
        <Probe />
      </DinerShell>
    </MemoryRouter>,
  );
}

describe('DinerShell', () => {
  beforeEach(resetLanguage);

  it("shows the restaurant's logo, name and font, the same navigation and the account entry", () => {
    renderShell('/menu/1');
    const brand = screen.getByTestId('diner-brand');
    expect(brand).toHaveTextContent('La Cava Demo');
    expect(brand).toHaveAttribute('href', '/menu/1');
    expect(screen.getByTestId('menu-logo')).toHaveAttribute('src', '/static/images/logo.png');
    expect(screen.getByTestId('diner-shell').style.getPropertyValue('--diner-font')).toBe('"Georgia", serif');
    const nav = screen.getByRole('navigation', { name: 'Navegación del restaurante' });
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Menú', '/menu/1'],
      ['Ofertas', '/usuario/ofertas?menu=1'],
      ['Ordena en Línea', '/ordenar-en-linea/1'],
      ['Cava', '/cava/1'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Menú' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Registrarse' })).toBeInTheDocument();
    // The pages inside read the shell (e.g. the user panel's title).
    expect(screen.getByTestId('probe')).toHaveTextContent('La Cava Demo');
  });

  it('leaves out ordering and the cava when the restaurant has neither, and speaks English', async () => {
    await i18next.changeLanguage('en');
    renderShell('/usuario/ofertas?menu=1', {}, { ordering: false, cava: false });
    const nav = await screen.findByRole('navigation', { name: 'Restaurant navigation' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Menu', 'Offers']);
    expect(within(nav).getByRole('link', { name: 'Offers' })).toHaveAttribute('aria-current', 'page');
  });

  it("keeps the places of 'Ordena en Línea' and 'Cava' while unknown, unseen and out of reach", () => {
    const { container } = renderShell('/menu/1', {}, { ordering: undefined, cava: undefined });
    const nav = screen.getByRole('navigation', { name: 'Navegación del restaurante' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Menú', 'Ofertas']);
    const reserved = [...container.querySelectorAll('.diner-nav__reserved')];
    expect(reserved.map((li) => [li.textContent, li.getAttribute('aria-hidden')])).toEqual([
      ['Ordena en Línea', 'true'],
      ['Cava', 'true'],
    ]);
    // Known: the link takes the place; a restaurant without a cava drops it (the last entry).
    expect(shellNav('1', { ordering: true, cava: false }, t).map((i) => [i.key, !!i.reserved])).toEqual([
      ['menu', false],
      ['offers', false],
      ['ordering', false],
    ]);
  });

  it('shows the app name until the restaurant name is known, never "Restaurante N"', () => {
    renderShell('/cava/1', { restaurantName: '' });
    expect(screen.getByTestId('diner-brand')).toHaveTextContent('Carta');
    expect(screen.getByTestId('diner-brand')).not.toHaveTextContent(/Restaurante \d/);
  });

  it("keeps the logo's place only while a restaurant's look loads: no empty box without a restaurant or a logo", () => {
    const box = () => screen.getByTestId('diner-brand').querySelector('.diner-brand__logo');
    const { unmount } = renderShell('/menu/1', {}, undefined, 'loading');
    expect(box()).not.toBeNull();
    expect(screen.queryByTestId('menu-logo')).toBeNull();
    unmount();
    renderShell('/menu/1', {}, undefined, 'no logo');
    expect(box()).toBeNull();
    cleanup();
    renderShell('/usuario/mis-compras', { clienteId: null, restaurantName: '' }, undefined, 'loading');
    expect(box()).toBeNull();
    expect(screen.getByTestId('diner-brand')).toHaveTextContent('Carta');
  });
});

describe('currentNavKey', () => {
  const nav = shellNav('7', { ordering: true, cava: true }, t);
  it.each([
    ['/menu/7', 'menu'],
    ['/clientes/menu/7', 'menu'],
    ['/restaurante/7/menu', 'menu'],
    ['/usuario/ofertas', 'offers'],
    ['/ordenar-en-linea/7', 'ordering'],
    ['/carrito/7', 'ordering'],
    ['/checkout/7', 'ordering'],
    ['/pedido/12', 'ordering'],
    ['/cava/7', 'cava'],
    ['/usuario/cuenta', null],
    ['/menu/70', null],
  ])('%s → %s', (path, key) => {
    expect(currentNavKey(nav, path)).toBe(key);
  });
});
