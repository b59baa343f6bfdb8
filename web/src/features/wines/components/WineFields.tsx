import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/Form';
import type { KeysUnder } from '../../../i18n/keys';
import { WINE_TYPES, type WineFormValues } from '../lib/wine-form';

type Props = {
  values: WineFormValues;
  onChange: (values: WineFormValues) => void;
  /** Fields the wine lookup inferred: marked so the owner checks them. */
  inferred?: ReadonlySet<keyof WineFormValues>;
};

type TextField = {
  name: Exclude<keyof WineFormValues, 'tipo' | 'descripcion' | 'descripcion_en'>;
  inputMode?: 'numeric' | 'decimal';
  /** Its explanation's text under wines.fields. */
  hint?: KeysUnder<'wines.fields'>;
  maxLength: number;
  wide?: boolean;
};

const TEXT_FIELDS: TextField[] = [
  { name: 'nombre', maxLength: 120, wide: true },
  { name: 'bodega', maxLength: 120 },
  { name: 'anio', inputMode: 'numeric', hint: 'anioHint', maxLength: 4 },
  { name: 'region', maxLength: 120 },
  { name: 'pais', maxLength: 120 },
  { name: 'variedad_uva', hint: 'variedadHint', maxLength: 120, wide: true },
  { name: 'graduacion', inputMode: 'decimal', maxLength: 5 },
  { name: 'precio', inputMode: 'decimal', maxLength: 12 },
  { name: 'precio_copa', inputMode: 'decimal', hint: 'precioCopaHint', maxLength: 12 },
  { name: 'maridaje', hint: 'maridajeHint', maxLength: 300, wide: true },
];

/** Every field of a wine (edit, new wine, import), laid out as a responsive grid. */
export function WineFields({ values, onChange, inferred }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const f = (name: string) => `${id}-${name}`;
  const set = (name: keyof WineFormValues, value: string) => onChange({ ...values, [name]: value });
  const badge = (name: keyof WineFormValues) =>
    inferred?.has(name) ? (
      <span className="wine-inferred" data-testid={`inferred-${name}`}>
        {t('wines.lookup.inferred')}
      </span>
    ) : null;

  return (
    <div className="wine-fields">
      {TEXT_FIELDS.map((field) => (
        <Field
          key={field.name}
          id={f(field.name)}
          className={field.wide ? 'wine-fields__wide' : undefined}
          label={
            <>
              {t(`wines.fields.${field.name}`)} {badge(field.name)}
            </>
          }
          hint={field.hint ? t(`wines.fields.${field.hint}`) : undefined}
        >
          {(control) => (
            <input
              {...control}
              name={field.name}
              value={values[field.name]}
              inputMode={field.inputMode}
              maxLength={field.maxLength}
              onChange={(e) => set(field.name, e.currentTarget.value)}
            />
          )}
        </Field>
      ))}
      <div className="field">
        <label htmlFor={f('tipo')}>
          {t('wines.fields.tipo')} {badge('tipo')}
        </label>
        <select id={f('tipo')} name="tipo" value={values.tipo} onChange={(e) => set('tipo', e.currentTarget.value)}>
          {WINE_TYPES.map((tipo) => (
            <option key={tipo} value={tipo}>
              {t(`wines.types.${tipo}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field wine-fields__wide">
        <label htmlFor={f('descripcion')}>
          {t('wines.fields.descripcion')} {badge('descripcion')}
        </label>
        <textarea
          id={f('descripcion')}
          name="descripcion"
          value={values.descripcion}
          maxLength={1000}
          onChange={(e) => set('descripcion', e.currentTarget.value)}
        />
      </div>
      <div className="field wine-fields__wide">
        <label htmlFor={f('descripcion_en')}>{t('wines.fields.descripcion_en')}</label>
        <textarea
          id={f('descripcion_en')}
          name="descripcion_en"
          lang="en"
          value={values.descripcion_en}
          maxLength={1000}
          onChange={(e) => set('descripcion_en', e.currentTarget.value)}
        />
      </div>
    </div>
  );
}
