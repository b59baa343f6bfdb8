import { useTranslation } from 'react-i18next';

/** − / + buttons around a quantity (1…max), each labelled with the product it changes. */
export function QuantityStepper({
  value,
  max,
  name,
  labelledBy,
  onChange,
}: {
  value: number;
  max: number;
  /** The product's name, for the buttons' accessible names. */
  name: string;
  labelledBy?: string;
  onChange: (n: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="ord-stepper" role="group" aria-labelledby={labelledBy} aria-label={labelledBy ? undefined : name}>
      <button
        type="button"
        className="ord-stepper__button"
        aria-label={t('ordering.less', { name })}
        disabled={value <= 1}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <output className="ord-stepper__value" aria-live="polite" aria-label={t('ordering.quantityOf', { name })}>
        {value}
      </output>
      <button
        type="button"
        className="ord-stepper__button"
        aria-label={t('ordering.more', { name })}
        disabled={value >= max}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}
