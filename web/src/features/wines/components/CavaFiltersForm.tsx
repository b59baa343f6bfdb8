import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Vino } from '../../../api/contract';
import { formatCents } from '../../../lib/money';
import { useNextTask } from '../../../lib/progressive';
import { filterOptions, PRICE_STEP, type CavaFilters, type FilterOptions } from '../lib/filters';

type Props = {
  filters: CavaFilters;
  /** Every wine of the cava: the choices of each filter come from them. */
  wines: readonly Vino[];
  range: { max: number; initial: number };
  cap: number;
  currency: string;
  lang: string;
  onChange: (filters: CavaFilters) => void;
};

const SELECTS = [
  { key: 'tipo', all: 'all' },
  { key: 'pais', all: 'all' },
  { key: 'region', all: 'allFem' },
  { key: 'uva', all: 'allFem' },
  { key: 'maridaje', all: 'all' },
] as const;

/** No choice listed yet (each select still shows 'Todos' and the chosen value). */
const NO_OPTIONS: FilterOptions = { tipo: [], pais: [], region: [], uva: [], maridaje: [] };

/**
 * The cava's filters: free text, five choices from the data, and the price
 * cap. The choices (a hundred and more options, folded under 'Filtros' on a
 * phone) are listed from the second task on: the first paint of the cava is
 * the cards, and a select's width does not depend on its options here.
 */
export function CavaFiltersForm({ filters, wines, range, cap, currency, lang, onChange }: Props) {
  const { t } = useTranslation();
  const listed = useNextTask();
  const options = useMemo(() => (listed ? filterOptions(wines) : NO_OPTIONS), [listed, wines]);
  const id = useId();
  const f = (name: string) => `${id}-${name}`;
  const chosen = SELECTS.filter(({ key }) => filters[key]).length + (filters.precio !== null ? 1 : 0);
  const active = chosen > 0 || filters.q !== '';
  // On a phone the choices fold under 'Filtros' (open when a link brings some); wide screens always show them.
  const [open, setOpen] = useState(chosen > 0);

  return (
    <form className="cava-filters" role="search" aria-label={t('wines.cava.filters')} onSubmit={(e) => e.preventDefault()}>
      <div className="field cava-filters__search">
        <label htmlFor={f('q')}>{t('wines.cava.search')}</label>
        <input
          id={f('q')}
          type="search"
          value={filters.q}
          placeholder={t('wines.cava.searchPlaceholder')}
          maxLength={100}
          onChange={(e) => onChange({ ...filters, q: e.currentTarget.value })}
        />
      </div>
      <button
        type="button"
        className="button cava-filters__toggle"
        aria-expanded={open}
        aria-controls={f('more')}
        onClick={() => setOpen(!open)}
      >
        {chosen > 0 ? t('wines.cava.filtersCount', { count: chosen }) : t('wines.cava.filters')}
      </button>
      <div id={f('more')} className={`cava-filters__more${open ? ' is-open' : ''}`}>
        {SELECTS.map(({ key, all }) => (
          <div key={key} className="field">
            <label htmlFor={f(key)}>{t(`wines.cava.${key}`)}</label>
            <select id={f(key)} value={filters[key]} onChange={(e) => onChange({ ...filters, [key]: e.currentTarget.value })}>
              <option value="">{t(`wines.cava.${all}`)}</option>
              {/* A value from a shared link that the data no longer has stays selectable (and shows no wine). */}
              {(filters[key] && !options[key].includes(filters[key]) ? [filters[key], ...options[key]] : options[key]).map((value) => (
                <option key={value} value={value}>
                  {key === 'tipo' ? t(`wines.types.${value}`, { defaultValue: value }) : value}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className="field cava-filters__price">
          <label htmlFor={f('precio')}>{t('wines.cava.price', { price: formatCents(cap * 100, currency, lang) })}</label>
          <input
            id={f('precio')}
            type="range"
            min={0}
            max={range.max}
            step={PRICE_STEP}
            value={cap}
            aria-valuetext={formatCents(cap * 100, currency, lang)}
            onChange={(e) => {
              const value = Number(e.currentTarget.value);
              onChange({ ...filters, precio: value === range.initial ? null : value });
            }}
          />
        </div>
      </div>
      {active && (
        <div className="cava-filters__clear">
          <button
            type="button"
            className="button"
            onClick={() => onChange({ tipo: '', pais: '', region: '', uva: '', maridaje: '', q: '', precio: null })}
          >
            {t('wines.cava.clear')}
          </button>
        </div>
      )}
    </form>
  );
}
