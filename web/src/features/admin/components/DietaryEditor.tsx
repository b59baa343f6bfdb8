import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DietIcon } from '../../../components/DietaryIcons';
import { Notice, type Message } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { ALLERGENS, DIET_TAGS } from '../../../lib/dietary';
import { setDietary, type Producto } from '../api/catalog-admin-api';

type Props = {
  clienteId: string;
  producto: Producto;
  onSaved: (patch: Pick<Producto, 'alergenos' | 'etiquetas'>) => void;
};

/** The owner's allergen (EU Annex II) and dietary tag checkboxes of one product. */
export function DietaryEditor({ clienteId, producto, onSaved }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [alergenos, setAlergenos] = useState<string[]>(producto.alergenos ?? []);
  const [etiquetas, setEtiquetas] = useState<string[]>(producto.etiquetas ?? []);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  const toggle = (list: string[], code: string) => (list.includes(code) ? list.filter((c) => c !== code) : [...list, code]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const answer = await setDietary(clienteId, producto.id, alergenos, etiquetas);
      onSaved({ alergenos: answer.alergenos, etiquetas: answer.etiquetas });
      setMessage({ kind: 'ok', text: t('productsAdmin.dietarySaved') });
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err, t('productsAdmin.dietaryError'), t('errors.network')) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form diet-editor" onSubmit={onSubmit} noValidate data-testid="dietary-editor">
      <fieldset>
        <legend>{t('productsAdmin.allergens')}</legend>
        <div className="diet-editor__grid">
          {ALLERGENS.map((a) => (
            <label key={a} htmlFor={`${id}-${a}`}>
              <input
                id={`${id}-${a}`}
                type="checkbox"
                checked={alergenos.includes(a)}
                onChange={() => setAlergenos((l) => toggle(l, a))}
              />
              <DietIcon code={a} />
              {t(`diet.allergen.${a}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('productsAdmin.dietTags')}</legend>
        <div className="diet-editor__grid">
          {DIET_TAGS.map((e) => (
            <label key={e} htmlFor={`${id}-${e}`}>
              <input
                id={`${id}-${e}`}
                type="checkbox"
                checked={etiquetas.includes(e)}
                onChange={() => setEtiquetas((l) => toggle(l, e))}
              />
              <DietIcon code={e} />
              {t(`diet.tag.${e}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <button type="submit" className="button button--small" disabled={busy} aria-busy={busy}>
          {busy ? t('productsAdmin.saving') : t('productsAdmin.saveDietary')}
        </button>
      </div>
      <Notice message={message} />
    </form>
  );
}
