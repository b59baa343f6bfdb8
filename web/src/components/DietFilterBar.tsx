import { useTranslation } from 'react-i18next';
import { DIET_FILTERS, type DietFilter } from '../lib/dietary';
import { DietIcon } from './DietaryIcons';

const FILTER_ICON: Record<DietFilter, string> = { sin_gluten: 'sin_gluten', sin_lactosa: 'leche', vegano: 'vegano' };

/**
 * The diner's compact diet filter: 'Sin gluten', 'Sin lactosa', 'Vegano' as
 * toggle buttons (aria-pressed); every active one must hold.
 */
export function DietFilterBar({ value, onChange }: { value: readonly DietFilter[]; onChange: (next: DietFilter[]) => void }) {
  const { t } = useTranslation();
  return (
    <div className="diet-filter" role="group" aria-label={t('diet.filterLabel')} data-testid="diet-filter">
      <span className="diet-filter__label" aria-hidden="true">
        {t('diet.filterLabel')}
      </span>
      {DIET_FILTERS.map((f) => {
        const on = value.includes(f);
        return (
          <button
            key={f}
            type="button"
            className="diet-filter__chip"
            aria-pressed={on}
            onClick={() => onChange(on ? value.filter((v) => v !== f) : [...value, f])}
          >
            <DietIcon code={FILTER_ICON[f]} kind="tag" />
            {t(`diet.filter.${f}`)}
          </button>
        );
      })}
    </div>
  );
}
