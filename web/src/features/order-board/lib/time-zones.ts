import type { TFunction } from 'i18next';

/**
 * The time zone picker's names: a city ('Ciudad de México', 'Madrid',
 * 'Nueva York (Este)') in the reader's language, from the translations
 * (orderSettings.zones) for the zones restaurants use most, else the IANA
 * id's city ('America/Buenos_Aires' → 'Buenos Aires (America)'). The stored
 * value stays the IANA id.
 */
export function zoneName(zone: string, t: TFunction): string {
  const parts = zone.split('/');
  const city = parts[parts.length - 1].replace(/_/g, ' ');
  const fallback = parts.length > 1 ? `${city} (${parts[0].replace(/_/g, ' ')})` : city;
  return t(`orderSettings.zones.${zone}`, { defaultValue: fallback });
}

/** The zones with their names, sorted by name in the reader's language. */
export function zoneOptions(zones: string[], t: TFunction, language: string): { value: string; label: string }[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  return zones.map((z) => ({ value: z, label: zoneName(z, t) })).sort((a, b) => collator.compare(a.label, b.label));
}
