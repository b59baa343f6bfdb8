import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/Form';
import { COUNTRIES, countryName } from '../../../lib/countries';

/**
 * 'País': the restaurant's country, with the hint of what it sets (its currency, how prices and dates
 * are written, its time zone). 'Nuevo restaurante' and 'Cambiar país' share it.
 */
export function CountryField({ value, onChange }: { value: string; onChange: (pais: string) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Field label={t('platform.country')} hint={t('platform.countryHint', { moneda: COUNTRIES.find((c) => c.pais === value)?.moneda ?? '' })}>
      {(control) => (
        <select {...control} value={value} onChange={(e) => onChange(e.target.value)}>
          {COUNTRIES.map((c) => (
            <option key={c.pais} value={c.pais}>
              {countryName(c.pais, i18n.language)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
