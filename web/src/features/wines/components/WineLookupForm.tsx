import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormError, Notice, SubmitButton, type Message } from '../../../components/Form';
import { isApiError, isNetworkError } from '../../../lib/api-client';
import { lookupWine, type Vino, type WineLookup } from '../api/wines-api';
import { fromLookup, type WineFormValues } from '../lib/wine-form';
import { NewWineForm } from './NewWineForm';

/** The lookup's field names (WineLookup's JSON keys) as the form's fields. */
const INFERRED_FIELDS: Record<string, keyof WineFormValues> = {
  nombre: 'nombre',
  bodega: 'bodega',
  anio: 'anio',
  region: 'region',
  pais: 'pais',
  tipo: 'tipo',
  uvas: 'variedad_uva',
  variedad_uva: 'variedad_uva',
  maridaje: 'maridaje',
  descripcion: 'descripcion',
};

/**
 * The admin panel's wine search (nombre, año, uva → POST /api/buscar-vino),
 * the result with the fields the lookup inferred, and its import into the
 * cellar with a price the owner sets (45.50 unless changed).
 */
export function WineLookupForm({ clienteId, onAdded }: { clienteId: string; onAdded: (vino: Vino) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [nombre, setNombre] = useState('');
  const [anio, setAnio] = useState('');
  const [uva, setUva] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<Message>(null);
  const [result, setResult] = useState<{ details: WineLookup; key: number } | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (!nombre.trim()) {
      setError(t('wines.searchNameRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    setAdded(null);
    setResult(null);
    try {
      const details = await lookupWine({ nombre: nombre.trim(), año: anio.trim(), uva: uva.trim() });
      setResult({ details, key: Date.now() });
    } catch (err) {
      if (isApiError(err) && err.status === 404) setError(t('wines.searchNotFound'));
      else if (isApiError(err) && err.status === 400 && err.serverMessage) setError(err.serverMessage);
      else if (isNetworkError(err)) setError(t('errors.network'));
      else setError(t('wines.searchError'));
    } finally {
      setBusy(false);
    }
  }

  const inferred = useMemo(() => {
    const set = new Set<keyof WineFormValues>();
    for (const name of result?.details.inferidos ?? []) {
      const field = INFERRED_FIELDS[name];
      if (field) set.add(field);
    }
    return set;
  }, [result]);

  const f = (name: string) => `${id}-${name}`;
  return (
    <section className="wine-lookup" aria-labelledby={f('title')}>
      <h2 id={f('title')} className="section-title">
        {t('wines.lookup.title')}
      </h2>
      <p className="muted">{t('wines.lookup.intro')}</p>
      <form className="wine-lookup__form" onSubmit={onSubmit} noValidate aria-labelledby={f('title')}>
        <Field id={f('nombre')} className="wine-lookup__name" label={t('wines.lookup.nombre')}>
          {(control) => <input {...control} value={nombre} maxLength={120} onChange={(e) => setNombre(e.currentTarget.value)} />}
        </Field>
        <Field id={f('anio')} label={t('wines.lookup.anio')}>
          {(control) => <input {...control} value={anio} inputMode="numeric" maxLength={4} onChange={(e) => setAnio(e.currentTarget.value)} />}
        </Field>
        <Field id={f('uva')} label={t('wines.lookup.uva')}>
          {(control) => <input {...control} value={uva} maxLength={120} onChange={(e) => setUva(e.currentTarget.value)} />}
        </Field>
        <div className="wine-lookup__submit">
          <SubmitButton busy={busy} label={t('wines.lookup.submit')} busyLabel={t('wines.lookup.searching')} />
        </div>
      </form>
      <FormError error={error} />
      <Notice message={added} />
      {result && (
        <div className="wine-result" data-testid="wine-lookup-result">
          <h3>{t('wines.lookup.resultTitle')}</h3>
          <p className="muted">
            {inferred.size > 0
              ? t('wines.lookup.inferredList', {
                  fields: [...inferred].map((name) => t(`wines.fields.${name}`).replace(/\s*\*$/, '')).join(', '),
                })
              : t('wines.lookup.noneInferred')}{' '}
            {t('wines.lookup.source', {
              source: t(`wines.lookup.sources.${result.details.fuente}`, { defaultValue: result.details.fuente }),
            })}
          </p>
          <NewWineForm
            key={result.key}
            clienteId={clienteId}
            initial={fromLookup(result.details)}
            inferred={inferred}
            submitLabel={t('wines.lookup.import')}
            busyLabel={t('wines.lookup.importing')}
            onAdded={(vino) => {
              onAdded(vino);
              setResult(null);
              setAdded({ kind: 'ok', text: t('wines.added') });
            }}
            onCancel={() => setResult(null)}
          />
        </div>
      )}
    </section>
  );
}
