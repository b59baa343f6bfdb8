import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormError, Notice, SubmitButton, type Message } from '../../../components/Form';
import { errorText, isApiError } from '../../../lib/api-client';
import { saveTablesSettings, tablesSettingsKey, tablesSettingsQueryOptions, type TablesSettings } from '../api/tables-settings-api';
import {
  checkTables,
  DEFAULT_TIPS,
  MAX_TABLE_NUMBER,
  MAX_TIPS,
  newRow,
  valuesFromSettings,
  withTablesUpTo,
  type TablesValues,
} from '../lib/tables-form';

/** The printable sheet of the tables' QR codes (the panel's page). */
const SHEET_PATH = '/mesas/codigos';

/** 'Mesas y propinas' (issue 31), under the ordering settings: the tables, how a table pays, the tips, pickup on or off. */
export function TablesSettingsSection({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const query = useQuery(tablesSettingsQueryOptions(clienteId));
  let body;
  if (query.isPending) body = <p role="status">{t('app.loading')}</p>;
  else if (query.isError)
    body = (
      <FormError
        error={
          isApiError(query.error) && query.error.status === 403
            ? t('errors.forbidden')
            : errorText(query.error, t('tablesSettings.loadError'), t('errors.network'))
        }
      />
    );
  else body = <TablesSettingsForm clienteId={clienteId} initial={query.data} />;
  return (
    <section className="tables-settings" aria-labelledby={`${id}-title`} id="mesas">
      <h2 id={`${id}-title`}>{t('tablesSettings.title')}</h2>
      <p className="muted">{t('tablesSettings.intro')}</p>
      {body}
    </section>
  );
}

function TablesSettingsForm({ clienteId, initial }: { clienteId: string; initial: TablesSettings }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<TablesValues>(() => valuesFromSettings(initial));
  const [upTo, setUpTo] = useState('');
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<TablesValues>) => setValues((v) => ({ ...v, ...patch }));
  const upToN = /^\d+$/.test(upTo.trim()) ? Number(upTo) : 0;
  const upToOk = upToN >= 1 && upToN <= MAX_TABLE_NUMBER;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const checked = checkTables(values);
    if (checked.error) {
      setMessage({ kind: 'error', text: t(`tablesSettings.errors.${checked.error}`, { max: MAX_TABLE_NUMBER }) });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const saved = await saveTablesSettings(clienteId, checked.body);
      queryClient.setQueryData(tablesSettingsKey(clienteId), saved);
      setValues(valuesFromSettings(saved));
      setMessage({ kind: 'ok', text: t('tablesSettings.saved') });
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err, t('tablesSettings.saveError'), t('errors.network')) });
    } finally {
      setBusy(false);
    }
  }

  const setTip = (i: number, text: string) => set({ porcentajes: values.porcentajes.map((p, k) => (k === i ? text : p)) });
  const removeTip = (i: number) =>
    set({
      porcentajes: values.porcentajes.filter((_, k) => k !== i),
      defecto: values.defecto === i ? 0 : values.defecto > i ? values.defecto - 1 : values.defecto,
    });
  const toggleTips = (on: boolean) =>
    set(
      on && values.porcentajes.length === 0
        ? { propinasActivo: true, porcentajes: DEFAULT_TIPS.map(String), defecto: 1 }
        : { propinasActivo: on },
    );

  return (
    <form className="form tables-settings__form" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset>
        <legend>{t('tablesSettings.tables')}</legend>
        {values.mesas.length === 0 && <p className="muted">{t('tablesSettings.noTables')}</p>}
        <ul className="tables-list">
          {values.mesas.map((row, i) => (
            <li key={row.key} className="tables-row" data-testid="table-row">
              <label>
                <span className="tables-row__caption">{t('tablesSettings.numero')}</span>
                <input
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={MAX_TABLE_NUMBER}
                  value={row.numero}
                  aria-label={t('tablesSettings.numeroLabel', { n: i + 1 })}
                  onChange={(e) => {
                    const numero = e.currentTarget.value;
                    set({ mesas: values.mesas.map((r) => (r.key === row.key ? { ...r, numero } : r)) });
                  }}
                />
              </label>
              <label>
                <span className="tables-row__caption">{t('tablesSettings.nombre')}</span>
                <input
                  value={row.nombre}
                  maxLength={40}
                  placeholder={t('tablesSettings.nombrePlaceholder', { numero: row.numero || '?' })}
                  aria-label={t('tablesSettings.nombreLabel', { n: i + 1 })}
                  onChange={(e) => {
                    const nombre = e.currentTarget.value;
                    set({ mesas: values.mesas.map((r) => (r.key === row.key ? { ...r, nombre } : r)) });
                  }}
                />
              </label>
              <button
                type="button"
                className="button button--small"
                aria-label={t('tablesSettings.removeLabel', { n: i + 1 })}
                title={t('tablesSettings.remove')}
                onClick={() => set({ mesas: values.mesas.filter((r) => r.key !== row.key) })}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
        <div className="tables-tools">
          <button
            type="button"
            className="button"
            onClick={() => {
              const next = values.mesas.reduce((m, r) => Math.max(m, Number(r.numero) || 0), 0) + 1;
              set({ mesas: [...values.mesas, newRow(Math.min(next, MAX_TABLE_NUMBER))] });
            }}
          >
            {t('tablesSettings.add')}
          </button>
          <label htmlFor={`${id}-upto`}>
            {t('tablesSettings.count')}
            <input id={`${id}-upto`} type="number" inputMode="numeric" min={1} max={MAX_TABLE_NUMBER} value={upTo} onChange={(e) => setUpTo(e.currentTarget.value)} />
          </label>
          <button type="button" className="button" disabled={!upToOk} onClick={() => set({ mesas: withTablesUpTo(values.mesas, upToN) })}>
            {t('tablesSettings.createUpTo', { n: upToOk ? upToN : 'N' })}
          </button>
        </div>
      </fieldset>

      <fieldset className="tables-mode">
        <legend>{t('tablesSettings.modo')}</legend>
        {(['por_pedido', 'al_final'] as const).map((m) => (
          <label key={m}>
            <input type="radio" name={`${id}-modo`} value={m} checked={values.modo === m} onChange={() => set({ modo: m })} />
            <span>
              <strong>{t(`tablesSettings.modoName.${m}`)}</strong>: {t(`tablesSettings.modoHint.${m}`)}
            </span>
          </label>
        ))}
      </fieldset>

      <fieldset className="tables-tips">
        <legend>{t('tablesSettings.tips')}</legend>
        <label className="check-field">
          <input type="checkbox" checked={values.propinasActivo} onChange={(e) => toggleTips(e.currentTarget.checked)} />
          {t('tablesSettings.tipsOn')}
        </label>
        {values.propinasActivo && (
          <>
            <p className="muted field__hint">{t('tablesSettings.tipsHint')}</p>
            <div className="tables-tips__list">
              {values.porcentajes.map((p, i) => (
                <div key={i} className="tables-tips__item">
                  <label htmlFor={`${id}-tip-${i}`}>{t('tablesSettings.tipLabel', { n: i + 1 })}</label>
                  <input id={`${id}-tip-${i}`} type="number" inputMode="numeric" min={1} max={100} value={p} onChange={(e) => setTip(i, e.currentTarget.value)} />
                  <label className="check-field">
                    <input type="radio" name={`${id}-defecto`} checked={values.defecto === i} onChange={() => set({ defecto: i })} />
                    {t('tablesSettings.suggested')}
                  </label>
                  <button type="button" className="button button--small" onClick={() => removeTip(i)} aria-label={t('tablesSettings.removeTipLabel', { n: i + 1 })}>
                    {t('tablesSettings.remove')}
                  </button>
                </div>
              ))}
            </div>
            {values.porcentajes.length < MAX_TIPS && (
              <button type="button" className="button button--small" onClick={() => set({ porcentajes: [...values.porcentajes, ''] })}>
                {t('tablesSettings.addTip')}
              </button>
            )}
          </>
        )}
      </fieldset>

      <label className="check-field">
        <input type="checkbox" checked={values.recoger} onChange={(e) => set({ recoger: e.currentTarget.checked })} />
        {t('tablesSettings.pickup')}
      </label>

      <Notice message={message} />
      <SubmitButton busy={busy} label={t('tablesSettings.save')} busyLabel={t('tablesSettings.saving')} />
      {initial.mesas.length > 0 && (
        <p>
          <Link to={`${SHEET_PATH}?cliente_id=${encodeURIComponent(clienteId)}`}>{t('tablesSettings.sheetLink')}</Link>
        </p>
      )}
    </form>
  );
}
