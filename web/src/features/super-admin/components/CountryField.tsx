import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRIES, countryName } from '../../../lib/countries';

/**
 * 'País': the restaurant's country, with the hint of what it sets (its currency, how prices and dates
 * are written, its time zone). 'Nuevo restaurante' and 'Cambiar país' share it.
 */
export function CountryField({ value, onChange }: { value: string; onChange: (pais: string) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={`${id}-pais`}>{t('platform.country')}</label>
      <select id={`${id}-pais`} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={`${id}-pais-hint`}>
        {COUNTRIES.map((c) => (
          <option key={c.pais} value={c.pais}>
            {countryName(c.pais, i18n.language)}
          </option>
        ))}
      </select>
      <p className="muted" id={`${id}-pais-hint`}>
        {t('platform.countryHint', { moneda: COUNTRIES.find((c) => c.pais === value)?.moneda ?? '' })}
      </p>
    </div>
  );
}
