import { beforeEach, describe, expect, it, vi, afterEach } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Board, Producto } from '../../api/contract';
import { mockFetch, renderApp, resetLanguage, staffInfo, storeSession } from '../../test/utils';

/** The first look after renderApp waits for the lazy route's chunk too. */
const LAZY = { timeout: 5000 };

const BOARD: Board = {
  dia: '2025-03-14',
  pedidos: [],
  resumen: { pedidos: 0, subtotal: 0, impuestos: 0, total: 0, moneda: 'USD', por_estado: {}, cancelados: 0 },
  config: {
    activo: true,
    preparacion_min: 20,
    horario: [],
    pedidos_por_franja: 0,
    pausado_hasta: 0,
    zona_horaria: 'America/New_York',
    aviso_ambar_min: 0,
    aviso_rojo_min: 0,
    un_toque: false,
  },
};

function producto(id: number, name: string, categorias: string[], over: Partial<Producto> = {}): Producto {
  return {
    id,
    name,
    description: '',
    price: 1000,
    image_path: '',
    visible: true,
    translations: {},
    agotado: false,
    agotado_hoy: false,
    alergenos: [],
    etiquetas: [],
    categorias,
    ...over,
  };
}

const PRODUCTOS = [
  producto(1, 'Jamón ibérico', ['C-TAPAS']),
  producto(2, 'Croquetas', ['C-TAPAS'], { agotado_hoy: true, agotado: true }),
  producto(3, 'Chuletón de Res', ['C-CARNES']),
  producto(4, 'Producto oculto', ['C-CARNES'], { visible: false }),
  producto(5, 'Agua', []),
];

/** A live stream that never says anything. */
const quietStream = () => new Response(new ReadableStream<Uint8Array>(), { status: 200, headers: { 'Content-Type': 'text/event-stream' } });

function routes(rol: 'propietario' | 'gerente' | 'cocina' | 'mesero') {
  return mockFetch({
    'POST /api/auth/validate': { body: staffInfo(rol) },
    'GET /api/clientes/1': { body: { id: 1, nombre: 'La Cava Demo' } },
    'GET /api/clientes/1/pedidos': { body: BOARD },
    'GET /api/clientes/1/pedidos/eventos': () => quietStream(),
    'GET /api/productos': { body: { productos: PRODUCTOS } },
    'GET /api/categories': { body: { categorias: [{ id: 10, name: 'Comida', image_path: '', cliente_id: 1, translations: {} }] } },
    'GET /api/categories/10/subcategories': {
      body: {
        subcategorias: [
          { id: 1, clover_category_id: 'C-TAPAS', name: 'Tapas', position: 1, translations: {} },
          { id: 2, clover_category_id: 'C-CARNES', name: 'Carnes', position: 2, translations: {} },
        ],
      },
    },
    'PUT /api/clover/products/1/agotado': (call) => ({ body: { agotado: (call.body as { agotado: boolean }).agotado } }),
  });
}

describe("the board's 'Agotados hoy'", () => {
  beforeEach(async () => {
    await resetLanguage();
    storeSession({ token: 'staff-1', clienteId: '1' });
  });
  afterEach(() => vi.restoreAllMocks());

  it('loads nothing until opened, then lists the visible products by section, filters and marks one', async () => {
    const { calls } = routes('cocina');
    renderApp('/pedidos?cliente_id=1');
    const open = await screen.findByRole('button', { name: 'Agotados hoy' }, LAZY);
    expect(calls.some((c) => c.url.startsWith('/api/productos'))).toBe(false);
    const user = userEvent.setup();
    await user.click(open);

    const dialog = await screen.findByRole('dialog', { name: 'Agotados hoy' });
    const tapas = await within(dialog).findByRole('region', { name: 'Tapas' });
    expect(within(tapas).getAllByTestId('sold-out-item').map((li) => li.querySelector('.soldout-item__name')!.textContent)).toEqual([
      'Jamón ibérico',
      'Croquetas',
    ]);
    expect(within(dialog).getByRole('region', { name: 'Carnes' })).toHaveTextContent('Chuletón de Res');
    expect(within(dialog).getByRole('region', { name: 'Otros' })).toHaveTextContent('Agua');
    expect(dialog).not.toHaveTextContent('Producto oculto');
    expect(within(dialog).getByRole('checkbox', { name: /Croquetas/ })).toBeChecked();
    expect(screen.getByTestId('sold-out-status')).toHaveTextContent('1 agotado hoy de 4 productos.');
    const list = calls.find((c) => c.url.startsWith('/api/productos'))!;
    expect(new URL(list.url, 'http://x').searchParams.get('category_id')).toBeNull();

    // The search field has the focus; accents do not matter.
    const search = within(dialog).getByRole('searchbox', { name: 'Buscar producto' });
    expect(search).toHaveFocus();
    await user.type(search, 'jamon');
    expect(within(dialog).getAllByTestId('sold-out-item')).toHaveLength(1);
    expect(within(dialog).queryByRole('region', { name: 'Carnes' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: /Jamón ibérico/ }));
    await waitFor(() => expect(within(dialog).getByRole('checkbox', { name: /Jamón ibérico/ })).toBeChecked());
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/clover/products/1/agotado');
    expect(put.body).toEqual({ cliente_id: 1, agotado: true });
    expect(screen.getByTestId('sold-out-status')).toHaveTextContent('2 agotados hoy de 4 productos.');

    await user.type(search, 'zzz');
    expect(within(dialog).getByText('Ningún producto coincide con «jamonzzz».')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agotados hoy (2)' })).toHaveFocus();
  });

  it.each([
    ['propietario', true],
    ['gerente', true],
    ['cocina', true],
    ['mesero', false],
  ] as const)('a %s sees it: %s', async (rol, shown) => {
    routes(rol);
    renderApp('/pedidos?cliente_id=1');
    await screen.findByTestId('column-recibido', {}, LAZY);
    expect(!!screen.queryByRole('button', { name: /^Agotados hoy/ })).toBe(shown);
  });
});
