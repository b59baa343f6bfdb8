// The countries a restaurant can be in: the server's own list (the API
// refuses any other code), so adding a country there adds it here.
import data from '../../../internal/locale/countries.json';

export type Country = (typeof data.countries)[number];

/** Every country, in the file's order, and the one a new restaurant gets by default. */
export const COUNTRIES: readonly Country[] = data.countries;
export const DEFAULT_COUNTRY: string = data.default;

/** A country's name in the UI language ('España' / 'Spain'); the code when unknown. */
export function countryName(pais: string, language: string | undefined): string {
  const c = COUNTRIES.find((x) => x.pais === pais);
  if (!c) return pais;
  return (language ?? 'es').startsWith('en') ? c.nombre.en : c.nombre.es;
}
