import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ALLERGENS, DIET_TAGS, type Dietary } from '../lib/dietary';
import './dietary.css';

/**
 * Pictograms of the 14 allergens and the dietary tags: one stroked path each
 * on a 24×24 grid (inline, no sprite request; a few hundred bytes gzip).
 */
const WHEAT =
  'M12 21V7M12 7C10 6 9 4.5 9 3c2 .5 3 2 3 4zm0 0c2-1 3-2.5 3-4-2 .5-3 2-3 4M12 12c-2-1-3-2.5-3-4 2 .5 3 2 3 4zm0 0c2-1 3-2.5 3-4-2 .5-3 2-3 4M12 17c-2-1-3-2.5-3-4 2 .5 3 2 3 4zm0 0c2-1 3-2.5 3-4-2 .5-3 2-3 4';
export const DIET_ICONS: Record<string, string> = {
  gluten: WHEAT,
  crustaceos: 'M17 6a7 7 0 1 1-11 3M17 6l3-3M17 6l4 1M6 9l-3 1M9 13l-2 3M12 15l-1 4M15 14l1 4',
  huevos: 'M12 3c3.5 0 6 5.5 6 10a6 6 0 0 1-12 0c0-4.5 2.5-10 6-10z',
  pescado: 'M3 12c3-5 9-6 13 0-4 6-10 5-13 0zM16 12l5-4v8zM7 11h.01',
  cacahuetes: 'M12 3a4 4 0 0 1 3 6.6 4.5 4.5 0 1 1-6 0A4 4 0 0 1 12 3zM10 7h.01M14 15h.01M10 16h.01',
  soja: 'M4 18C6 9 11 5 20 4c-1 9-5 14-14 16zM10 14a1.6 1.6 0 1 0 .01 0M14 10a1.6 1.6 0 1 0 .01 0',
  leche: 'M9 2h6v3l2 3v13H7V8l2-3zM7 12h10',
  frutos_cascara: 'M4 10h16c0 6-3.5 10-8 10s-8-4-8-10zM4 10c0-3 3.5-5 8-5s8 2 8 5M12 5V2',
  apio: 'M8 21V10M12 21V8M16 21V10M8 10C6 8 6 5 7 3M12 8c0-2 1-4 3-5M16 10c2-2 2-5 1-7',
  mostaza: 'M7 9h10v12H7zM9 9V6h6v3M10 3h4M10 14h4',
  sesamo: 'M7 5c1.5 0 2 2 2 3.5S8.5 12 7 12 5 10 5 8.5 5.5 5 7 5zM16 8c1.5 0 2 2 2 3.5S17.5 15 16 15s-2-2-2-3.5.5-3.5 2-3.5zM10 14c1.5 0 2 2 2 3.5s-.5 3.5-2 3.5-2-2-2-3.5.5-3.5 2-3.5z',
  sulfitos: 'M7 3h10c0 5-2 9-5 9s-5-4-5-9zM12 12v8M8 21h8M7.5 7h9',
  altramuces: 'M12 22V9M12 3a2 2 0 1 0 .01 0M8.5 8a2 2 0 1 0 .01 0M15.5 8a2 2 0 1 0 .01 0M8.5 13a2 2 0 1 0 .01 0M15.5 13a2 2 0 1 0 .01 0',
  moluscos: 'M3 14a9 9 0 0 1 18 0l-3 5H6zM12 5v14M8 6l2 13M16 6l-2 13M4.5 10l4 9M19.5 10l-4 9',
  vegetariano: 'M5 19C5 9 11 5 20 4c-1 9-5 15-15 15zM5 19l9-9',
  vegano: 'M12 21v-8M12 13c0-4-3-7-8-7 0 4 3 7 8 7zm0 0c0-5 3-8 8-8 0 5-3 8-8 8z',
  sin_gluten: `${WHEAT}M4 4l16 16`,
  picante: 'M6 20c9-1 13-7 13-13M19 7c-1-2-3-2.5-4.5-1.5M14.5 5.5C11 9 9 15 6 20M17 3.5 19 7',
};

/**
 * One pictogram. `label` is its text alternative (role img with title and
 * aria-label); without one it is decoration beside a visible text.
 */
export function DietIcon({ code, label, kind }: { code: string; label?: string; kind?: 'allergen' | 'tag' | 'hot' }) {
  kind ??= (DIET_TAGS as readonly string[]).includes(code) ? (code === 'picante' ? 'hot' : 'tag') : 'allergen';
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <svg className={`diet-icon diet-icon--${kind}`} viewBox="0 0 24 24" width="24" height="24" focusable="false" {...a11y}>
      {label && <title>{label}</title>}
      <path d={DIET_ICONS[code]} />
    </svg>
  );
}

/**
 * A product's dietary tags ("Vegano") and, after "Contiene:", its allergens
 * ("Cereales con gluten"), each as its words beside its pictogram, in the
 * order of the lists: a diner with an allergy reads them, in their
 * language. Renders nothing for a product with neither. (The staff's
 * compact product rows draw the pictograms alone: admin's DietaryIconsRow.)
 */
export function DietaryInfo({ product, className = '' }: { product: Dietary; className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const alergenos = ALLERGENS.filter((a) => product.alergenos?.includes(a));
  const etiquetas = DIET_TAGS.filter((e) => product.etiquetas?.includes(e));
  if (alergenos.length === 0 && etiquetas.length === 0) return null;
  return (
    <div className={`diet diet--words ${className}`} data-testid="dietary-info">
      {etiquetas.length > 0 && (
        <ul className="diet__list" aria-label={t('diet.tags')}>
          {etiquetas.map((e) => (
            <li key={e} className={`diet__item ${e === 'picante' ? 'diet__item--hot' : ''}`}>
              <DietIcon code={e} />
              {t(`diet.tag.${e}`)}
            </li>
          ))}
        </ul>
      )}
      {alergenos.length > 0 && (
        <div className="diet__contains">
          <span id={`${id}-contains`} className="diet__lead">
            {t('diet.contains')}
          </span>
          <ul className="diet__list" aria-labelledby={`${id}-contains`}>
            {alergenos.map((a) => (
              <li key={a} className="diet__item diet__item--allergen">
                <DietIcon code={a} />
                {t(`diet.allergen.${a}`)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
