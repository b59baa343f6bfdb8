/**
 * Allergens (Regulation (EU) 1169/2011, Annex II, in its order) and dietary
 * tags: the codes the server stores and validates (internal/menu/dietary.go),
 * and the diner's filters over them.
 */
export const ALLERGENS = [
  'gluten',
  'crustaceos',
  'huevos',
  'pescado',
  'cacahuetes',
  'soja',
  'leche',
  'frutos_cascara',
  'apio',
  'mostaza',
  'sesamo',
  'sulfitos',
  'altramuces',
  'moluscos',
] as const;
export const DIET_TAGS = ['vegetariano', 'vegano', 'sin_gluten', 'picante'] as const;

export type Allergen = (typeof ALLERGENS)[number];
export type DietTag = (typeof DIET_TAGS)[number];

/** The diner's filters: 'sin gluten', 'sin lactosa', 'vegano'. */
export const DIET_FILTERS = ['sin_gluten', 'sin_lactosa', 'vegano'] as const;
export type DietFilter = (typeof DIET_FILTERS)[number];

/** What a product says about itself (menu and online ordering products alike). */
export type Dietary = { alergenos?: readonly string[]; etiquetas?: readonly string[] };

/**
 * Whether a product passes every active filter. A product the owner has
 * said nothing about (no allergen, no tag) passes none: unknown is not
 * "free of". 'sin gluten': tagged so, or declared without gluten;
 * 'sin lactosa': declared without milk; 'vegano': tagged vegano.
 * See docs/decisions.md ("Diet filters").
 */
export function matchesDiet(p: Dietary, filters: readonly DietFilter[]): boolean {
  if (filters.length === 0) return true;
  const alergenos = p.alergenos ?? [];
  const etiquetas = p.etiquetas ?? [];
  const declared = alergenos.length > 0 || etiquetas.length > 0;
  return filters.every((f) => {
    switch (f) {
      case 'sin_gluten':
        return etiquetas.includes('sin_gluten') || (declared && !alergenos.includes('gluten'));
      case 'sin_lactosa':
        return declared && !alergenos.includes('leche');
      case 'vegano':
        return etiquetas.includes('vegano');
    }
    return true;
  });
}

/** The URL search parameter that keeps the diner's filters (comma-separated). */
export const DIET_PARAM = 'dieta';

/** The active filters of a search string's `dieta` parameter (unknown ones ignored). */
export function parseDietFilters(params: URLSearchParams): DietFilter[] {
  const raw = (params.get(DIET_PARAM) ?? '').split(',');
  return DIET_FILTERS.filter((f) => raw.includes(f));
}

/** The search parameters with `filters` as the `dieta` parameter (removed when empty). */
export function withDietFilters(params: URLSearchParams, filters: readonly DietFilter[]): URLSearchParams {
  const next = new URLSearchParams(params);
  if (filters.length) next.set(DIET_PARAM, DIET_FILTERS.filter((f) => filters.includes(f)).join(','));
  else next.delete(DIET_PARAM);
  return next;
}
