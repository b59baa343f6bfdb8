import { useId, useMemo, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormError, Notice, type Message } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import {
  adminKeys,
  posNamesQueryOptions,
  savePosNames,
  type NombrePOSInput,
  type NombresPOS,
} from '../api/catalog-admin-api';
import { useSyncedState } from '../lib/use-synced-state';

type Entidad = NombrePOSInput['entidad'];
type Lang = NombrePOSInput['idioma'];
const LANGS: Lang[] = ['es', 'en'];

/** One name the POS gave, with the owner's names (by language) as saved. */
type Entry = { entidad: Entidad; id: string; name: string; saved: Record<Lang, string>; group?: boolean };

const key = (e: Pick<Entry, 'entidad' | 'id'>, lang: Lang) => `${e.entidad}|${e.id}|${lang}`;

/** A group, modifier or tax of the list: its POS id and name, and the owner's names. */
type Named = Pick<NombresPOS['impuestos'][number], 'id' | 'name' | 'translations'>;

function entry(entidad: Entidad, n: Named, group = false): Entry {
  return {
    entidad,
    id: n.id,
    name: n.name,
    saved: { es: n.translations?.es?.name ?? '', en: n.translations?.en?.name ?? '' },
    group,
  };
}

/**
 * The names the point of sale gives modifier groups, modifiers and taxes,
 * with the owner's Spanish and English names beside them (empty: diners
 * read the POS's). One form per group and one for the taxes; the kitchen
 * always reads the POS's names.
 */
export function PosNamesEditor({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const query = useQuery(posNamesQueryOptions(clienteId));
  const forms = useMemo(() => {
    if (!query.data) return [];
    const out = query.data.grupos.map((g) => ({
      key: `g-${g.id}`,
      title: g.name,
      entries: [entry('modificador_grupo', g, true), ...g.modificadores.map((m) => entry('modificador', m))],
    }));
    if (query.data.impuestos.length > 0)
      out.push({ key: 'taxes', title: t('posNames.taxes'), entries: query.data.impuestos.map((r) => entry('impuesto', r)) });
    return out;
  }, [query.data, t]);

  let body;
  if (query.isPending) body = <p role="status">{t('posNames.loading')}</p>;
  else if (query.isError) body = <FormError error={errorText(query.error, t('posNames.loadError'), t('errors.network'))} />;
  else if (forms.length === 0) body = <p className="muted">{t('posNames.empty')}</p>;
  else body = forms.map((f) => <NamesForm key={f.key} clienteId={clienteId} title={f.title} entries={f.entries} />);

  return (
    <details className="admin-details pos-names" data-testid="pos-names">
      <summary>{t('posNames.title')}</summary>
      <p className="muted pos-names__intro">{t('posNames.intro')}</p>
      {body}
    </details>
  );
}

function NamesForm({ clienteId, title, entries }: { clienteId: string; title: string; entries: Entry[] }) {
  const { t } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  const saved = useMemo(() => {
    const out: Record<string, string> = {};
    for (const e of entries) for (const l of LANGS) out[key(e, l)] = e.saved[l];
    return out;
  }, [entries]);
  const [values, setValues] = useSyncedState(saved);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  async function onSubmit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    if (busy) return;
    const nombres: NombrePOSInput[] = [];
    for (const e of entries)
      for (const l of LANGS) {
        const v = (values[key(e, l)] ?? '').trim();
        if (v !== e.saved[l]) nombres.push({ entidad: e.entidad, id: e.id, idioma: l, name: v });
      }
    if (nombres.length === 0) {
      setMessage({ kind: 'ok', text: t('posNames.saved') });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const answer = await savePosNames(clienteId, nombres);
      client.setQueryData(adminKeys.posNames(clienteId), answer);
      setMessage({ kind: 'ok', text: t('posNames.saved') });
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err, t('posNames.error'), t('errors.network')) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="pos-names__form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="pos-names__title">
        {title}
      </h3>
      <div className="pos-names__grid">
        <span className="pos-names__head" aria-hidden="true">
          {t('posNames.posName')}
        </span>
        <span className="pos-names__head pos-names__head--lang" aria-hidden="true">
          {t('posNames.es')}
        </span>
        <span className="pos-names__head pos-names__head--lang" aria-hidden="true">
          {t('posNames.en')}
        </span>
        {entries.map((e) => (
          <div key={`${e.entidad}|${e.id}`} className="pos-names__row" role="group" aria-label={e.name}>
            <span className={`pos-names__pos ${e.group ? 'pos-names__pos--group' : ''}`}>
              {e.name}
              {e.group && <span className="muted"> ({t('posNames.group')})</span>}
            </span>
            {LANGS.map((l) => (
              <input
                key={l}
                lang={l}
                value={values[key(e, l)] ?? ''}
                placeholder={e.name}
                maxLength={120}
                aria-label={t(l === 'es' ? 'posNames.esOf' : 'posNames.enOf', { name: e.name })}
                onChange={(ev) => {
                  const v = ev.currentTarget.value;
                  setValues((prev) => ({ ...prev, [key(e, l)]: v }));
                }}
              />
            ))}
          </div>
        ))}
      </div>
      <div className="pos-names__actions">
        <button type="submit" className="button button--small" disabled={busy} aria-busy={busy}>
          {busy ? t('posNames.saving') : t('posNames.save')}
        </button>
        <Notice message={message} />
      </div>
    </form>
  );
}
