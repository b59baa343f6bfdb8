import { useTranslation } from 'react-i18next';
import { DietIcon } from '../../../components/DietaryIcons';
import { ALLERGENS, DIET_TAGS, type Dietary } from '../../../lib/dietary';

/**
 * A product's tags and allergens in a staff product row: the pictograms
 * alone, each with its text alternative ("Contiene: Leche"), so that forty
 * rows stay compact on a phone; the row's editor names them in words.
 * Renders nothing for a product with neither.
 */
export function DietaryIconsRow({ product, className = '' }: { product: Dietary; className?: string }) {
  const { t } = useTranslation();
  const alergenos = ALLERGENS.filter((a) => product.alergenos?.includes(a));
  const etiquetas = DIET_TAGS.filter((e) => product.etiquetas?.includes(e));
  if (alergenos.length === 0 && etiquetas.length === 0) return null;
  return (
    <ul className={`diet ${className}`} aria-label={t('productsAdmin.dietInfo')} data-testid="dietary-info">
      {etiquetas.map((e) => (
        <li key={e}>
          <DietIcon code={e} label={t(`diet.tag.${e}`)} />
        </li>
      ))}
      {alergenos.map((a) => (
        <li key={a}>
          <DietIcon code={a} label={t('productsAdmin.contains', { allergen: t(`diet.allergen.${a}`) })} />
        </li>
      ))}
    </ul>
  );
}
