import type { Vino, VinoInput, WineLookup } from '../../../api/contract';

/** The wine types of the API (Desconocido is the spec's unknown type). */
export const WINE_TYPES = ['tinto', 'blanco', 'rosado', 'espumoso', 'generoso', 'dulce', 'Desconocido'] as const;

/** The spec's price of a new wine without one: 45.5. */
export const DEFAULT_PRICE_TEXT = '45.50';

/** A wine's form as the owner types it: every field is text. */
export type WineFormValues = {
  nombre: string;
  bodega: string;
  anio: string;
  region: string;
  pais: string;
  variedad_uva: string;
  tipo: string;
  graduacion: string;
  precio: string;
  precio_copa: string;
  maridaje: string;
  descripcion: string;
  descripcion_en: string;
};

export const EMPTY_WINE: WineFormValues = {
  nombre: '',
  bodega: '',
  anio: '',
  region: '',
  pais: '',
  variedad_uva: '',
  tipo: 'tinto',
  graduacion: '',
  precio: '',
  precio_copa: '',
  maridaje: '',
  descripcion: '',
  descripcion_en: '',
};

/** Cents as the form's text: 4550 → '45.50'. */
export function centsToText(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  return (cents / 100).toFixed(2);
}

/**
 * A typed amount as cents: '45.5', '45,50' and '45' are accepted; empty
 * is null; anything else (or negative) is NaN.
 */
export function textToCents(text: string): number | null {
  const s = text.trim().replace(/\s/g, '');
  if (!s) return null;
  if (!/^\d+(?:[.,]\d{1,2})?$/.test(s)) return Number.NaN;
  return Math.round(Number(s.replace(',', '.')) * 100);
}

export function fromVino(v: Vino): WineFormValues {
  return {
    nombre: v.nombre,
    bodega: v.bodega,
    anio: v.anio === null ? '' : String(v.anio),
    region: v.region,
    pais: v.pais,
    variedad_uva: v.variedad_uva,
    tipo: v.tipo,
    graduacion: v.graduacion ? String(v.graduacion) : '',
    precio: centsToText(v.precio),
    precio_copa: centsToText(v.precio_copa),
    maridaje: v.maridaje,
    descripcion: v.descripcion,
    descripcion_en: v.descripcion_en,
  };
}

/** The import form prefilled from a lookup, with the spec's default price. */
export function fromLookup(d: WineLookup): WineFormValues {
  const anio = /^\d{4}$/.test(d.anio.trim()) ? d.anio.trim() : '';
  const tipo = (WINE_TYPES as readonly string[]).includes(d.tipo) ? d.tipo : 'Desconocido';
  return {
    ...EMPTY_WINE,
    nombre: d.nombre,
    bodega: d.bodega,
    anio,
    region: d.region,
    pais: d.pais,
    variedad_uva: d.uvas.join(', '),
    tipo,
    maridaje: d.maridaje.join(', '),
    descripcion: d.descripcion,
    precio: DEFAULT_PRICE_TEXT,
  };
}

/** Which rule the form breaks: 'required' (nombre or precio missing) or 'invalid' (a number that is not one). */
export type WineFormProblem = 'required' | 'invalid' | null;

export function checkWine(values: WineFormValues): WineFormProblem {
  if (!values.nombre.trim() || !values.precio.trim()) return 'required';
  const precio = textToCents(values.precio);
  const copa = textToCents(values.precio_copa);
  if (Number.isNaN(precio) || Number.isNaN(copa)) return 'invalid';
  if (values.anio.trim() && !/^\d{4}$/.test(values.anio.trim())) return 'invalid';
  if (values.graduacion.trim() && !Number.isFinite(Number(values.graduacion.trim().replace(',', '.')))) return 'invalid';
  return null;
}

/** The API's body for a checked form (every field: PUT replaces the wine). */
export function toInput(values: WineFormValues): VinoInput {
  const grad = values.graduacion.trim().replace(',', '.');
  return {
    nombre: values.nombre.trim(),
    bodega: values.bodega.trim(),
    anio: values.anio.trim() ? Number(values.anio.trim()) : null,
    region: values.region.trim(),
    pais: values.pais.trim(),
    variedad_uva: values.variedad_uva.trim(),
    tipo: values.tipo,
    graduacion: grad ? Number(grad) : 0,
    precio: textToCents(values.precio) ?? undefined,
    precio_copa: textToCents(values.precio_copa),
    maridaje: values.maridaje.trim(),
    descripcion: values.descripcion.trim(),
    descripcion_en: values.descripcion_en.trim(),
  };
}
