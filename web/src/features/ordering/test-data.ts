import type { Availability, OnlineMenu, OnlineProduct, OrderTracking, Quote } from '../../api/contract';

/** Test data shaped like the demo restaurant 1 (La Cava) answers. */
export const chuleton = {
  id: 11,
  name: 'Chuletón de Res',
  description: 'Chuletón madurado a la parrilla, 500 g.',
  price: 4200,
  image_path: '',
  alergenos: [] as OnlineProduct['alergenos'],
  etiquetas: ['sin_gluten'] as OnlineProduct['etiquetas'],
  taxes: [{ id: 'TAX', name: 'Sales Tax 8.25%', rate: 825000 }],
  modifiers: [
    {
      group_id: 'PUNTO',
      name: 'Punto de cocción',
      min_required: 1,
      max_allowed: 1,
      modifiers: [
        { id: 'PUNTO-1', name: 'Poco hecho', price: 0 },
        { id: 'PUNTO-2', name: 'Al punto', price: 0 },
        { id: 'PUNTO-3', name: 'Bien hecho', price: 0 },
      ],
    },
    {
      group_id: 'GUAR',
      name: 'Guarnición',
      min_required: 0,
      max_allowed: 2,
      modifiers: [
        { id: 'GUAR-1', name: 'Patatas fritas', price: 300 },
        { id: 'GUAR-2', name: 'Ensalada verde', price: 250 },
        { id: 'GUAR-3', name: 'Pimientos asados', price: 350 },
      ],
    },
  ],
};

export const bravas = {
  id: 6,
  name: 'Patatas Bravas',
  description: 'Patatas crujientes con salsa brava y alioli.',
  price: 800,
  image_path: '',
  alergenos: ['huevos'] as OnlineProduct['alergenos'],
  etiquetas: ['vegetariano', 'picante'] as OnlineProduct['etiquetas'],
  taxes: [],
  modifiers: [],
};

export const onlineMenu: OnlineMenu = {
  moneda: 'USD',
  categorias: [
    { id: 'C1TAPC', name: 'Tapas Calientes', productos: [bravas] },
    { id: 'C1CARN', name: 'Carnes', productos: [chuleton] },
  ],
};

/** The same menu read in English: the owner's names of the product, its groups and modifiers. */
export const onlineMenuEn: OnlineMenu = {
  moneda: 'USD',
  categorias: [
    { id: 'C1TAPC', name: 'Hot Tapas', productos: [{ ...bravas, name: 'Bravas Potatoes' }] },
    {
      id: 'C1CARN',
      name: 'Meat',
      productos: [
        {
          ...chuleton,
          name: 'Rib Steak',
          modifiers: [
            {
              ...chuleton.modifiers[0],
              name: 'Doneness',
              modifiers: [
                { id: 'PUNTO-1', name: 'Rare', price: 0 },
                { id: 'PUNTO-2', name: 'Medium', price: 0 },
                { id: 'PUNTO-3', name: 'Well done', price: 0 },
              ],
            },
            {
              ...chuleton.modifiers[1],
              name: 'Sides',
              modifiers: [
                { id: 'GUAR-1', name: 'French fries', price: 300 },
                { id: 'GUAR-2', name: 'Green salad', price: 250 },
                { id: 'GUAR-3', name: 'Roasted peppers', price: 350 },
              ],
            },
          ],
        },
      ],
    },
  ],
};

export const openNow: Availability = {
  activo: true,
  pausado: false,
  pausado_hasta: 0,
  preparacion_min: 15,
  zona_horaria: 'America/New_York',
  abierto: true,
  lo_antes_posible: { at: 1_900_000_000, hora: '10:00' },
  franjas: [
    { at: 1_900_000_900, hora: '10:15' },
    { at: 1_900_001_800, hora: '10:30' },
  ],
  horario_hoy: [{ dia: 1, abre: '00:00', cierra: '24:00' }],
  motivo: '',
};

/** A quote deliberately unlike anything the browser could add up (the page must show these figures). */
export const quote: Quote = {
  lines: [
    { position: 0, product_id: 11, name: 'Chuletón de Res', quantity: 1, modifiers: [], unit_price: 4500, subtotal: 4500 },
  ],
  subtotal: 4500,
  taxes: 371,
  total: 4871,
  tax_details: [{ id: 'TAX', name: 'Sales Tax 8.25%', rate: 825000, amount: 371 }],
  impuestos_incluidos: false,
};

export const order: OrderTracking = {
  id: 5,
  cliente_id: 1,
  restaurante: 'La Cava',
  numero: 7,
  estado: 'recibido',
  nombre: 'Ana',
  recoger_at: 1_900_000_000,
  lo_antes_posible: true,
  subtotal: 4500,
  impuestos: 371,
  total: 4871,
  moneda: 'USD',
  lineas: [
    {
      nombre: 'Chuletón de Res',
      cantidad: 1,
      precio_unitario: 4500,
      modificadores: [{ id: 'PUNTO-2', name: 'Al punto', price: 0, group_id: 'PUNTO', group_name: 'Punto de cocción' }],
      subtotal: 4500,
    },
  ],
  detalle_impuestos: [{ id: 'TAX', name: 'Impuesto sobre ventas 8.25%', rate: 825000, amount: 371 }],
  impuestos_incluidos: false,
  nota: '',
  motivo_cancelacion: '',
  reembolso: '',
  zona_horaria: 'America/New_York',
  direccion: 'Av. Reforma 222, Ciudad de México',
  telefono_restaurante: '+52 55 1234 5678',
  mapa_url: 'https://www.google.com/maps/search/?api=1&query=La%20Cava%2C%20Av.%20Reforma%20222',
  created_at: 1_899_999_000,
  paid_at: 1_899_999_100,
  updated_at: 1_899_999_100,
};
