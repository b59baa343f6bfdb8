import type { Vino } from '../../../api/contract';
import { fold, splitList } from './text';

/**
 * The public cava's filters. They live in the URL's query (a shared link
 * opens the same view): tipo, pais, region, uva, maridaje, q (free text)
 * and precio (the price cap, in currency units).
 */
export type CavaFilters = {
  tipo: string;
  pais: string;
  region: string;
  uva: string;
  maridaje: string;
  q: string;
  /** The price cap in whole currency units; null: the slider's initial value. */
  precio: number | null;
};

const TEXT_KEYS = ['tipo', 'pais', 'region', 'uva', 'maridaje', 'q'] as const;

/** The spec's slider: steps of 10 currency units from 0, starting at 1000. */
export const PRICE_STEP = 10;
export const PRICE_INITIAL = 1000;

export function parseFilters(params: URLSearchParams): CavaFilters {
  const precioRaw = params.get('precio')?.trim() ?? '';
  const precio = /^\d+$/.test(precioRaw) ? Number(precioRaw) : null;
  const f = { precio } as CavaFilters;
  for (const key of TEXT_KEYS) f[key] = params.get(key)?.trim() ?? '';
  return f;
}

/** The query of the filters: empty ones are left out, so the plain URL is the unfiltered cava. */
export function writeFilters(f: CavaFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of TEXT_KEYS) if (f[key]) params.set(key, f[key]);
  if (f.precio !== null) params.set('precio', String(f.precio));
  return params;
}

/** The slider's range: 0 to the highest price found (whole units, up to the next step). */
export function priceRange(wines: readonly Vino[]): { max: number; initial: number } {
  const top = wines.reduce((m, v) => Math.max(m, v.precio), 0) / 100;
  const max = Math.max(PRICE_STEP, Math.ceil(top / PRICE_STEP) * PRICE_STEP);
  return { max, initial: Math.min(PRICE_INITIAL, max) };
}

/** The cap in force: the URL's (kept within the range), else the initial value. */
export function priceCap(f: CavaFilters, range: { max: number; initial: number }): number {
  if (f.precio === null) return range.initial;
  return Math.min(Math.max(0, f.precio), range.max);
}

export type FilterOptions = { tipo: string[]; pais: string[]; region: string[]; uva: string[]; maridaje: string[] };

/**
 * The distinct values in alphabetical order, accents and case aside ('Álava'
 * between 'Alicante' and 'Aragón'). Not localeCompare: the page's first
 * collation loads ICU's data, tens of milliseconds of a phone's main thread
 * while the cava renders.
 */
function sorted(values: Iterable<string>): string[] {
  const keyed = [...new Set(values)].filter(Boolean).map((v) => [fold(v), v] as const);
  keyed.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return keyed.map(([, v]) => v);
}

/** The choices of each filter, from the wines shown. */
export function filterOptions(wines: readonly Vino[]): FilterOptions {
  return {
    tipo: sorted(wines.map((v) => v.tipo)),
    pais: sorted(wines.map((v) => v.pais)),
    region: sorted(wines.map((v) => v.region)),
    uva: sorted(wines.flatMap((v) => splitList(v.variedad_uva, { grapes: true }))),
    maridaje: sorted(wines.flatMap((v) => splitList(v.maridaje))),
  };
}

/** The text a diner's free search looks in. */
function haystack(v: Vino): string {
  return fold([v.nombre, v.bodega, v.region, v.pais, v.variedad_uva, v.tipo, v.maridaje, v.descripcion, v.descripcion_en].join(' '));
}

/** The wines that pass every filter; `cap` is the price cap in whole units. */
export function applyFilters(wines: readonly Vino[], f: CavaFilters, cap: number): Vino[] {
  const needle = fold(f.q);
  const uva = fold(f.uva);
  const maridaje = fold(f.maridaje);
  return wines.filter(
    (v) =>
      (!f.tipo || v.tipo === f.tipo) &&
      (!f.pais || v.pais === f.pais) &&
      (!f.region || v.region === f.region) &&
      (!uva || splitList(v.variedad_uva, { grapes: true }).some((g) => fold(g) === uva)) &&
      (!maridaje || splitList(v.maridaje).some((m) => fold(m) === maridaje)) &&
      v.precio <= cap * 100 &&
      (!needle || haystack(v).includes(needle)),
  );
}

/** Does the wine match the owner's search (name, bodega, region, grape)? */
export function matchesAdminSearch(v: Vino, search: string): boolean {
  const needle = fold(search);
  if (!needle) return true;
  return [v.nombre, v.bodega, v.region, v.variedad_uva].some((field) => fold(field).includes(needle));
}
