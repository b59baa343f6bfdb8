import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderConfig } from '../../../api/contract';
import { Notice, SubmitButton, type Message } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { intlLocale } from '../../../lib/intl';
import { orderBoardKeys, saveOrderConfig } from '../api/order-board-api';
import { thresholds } from '../lib/card-age';
import { zoneName, zoneOptions } from '../lib/time-zones';
import {
  checkSettings,
  isDayField,
  isAllDay,
  MAX_AVISO,
  MAX_INTERVALS_PER_DAY,
  MAX_POR_FRANJA,
  MAX_PREPARACION,
  newInterval,
  valuesFromConfig,
  WEEK,
  type Interval,
  type SettingsErrors,
  type SettingsField,
  type SettingsValues,
} from '../lib/settings-form';

function timeZones(current: string): string[] {
  const supported =
    (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return supported.includes(current) || !current ? supported : [current, ...supported];
}

/** The weekday's name in the reader's language (dia 0 is Sunday; 7 Jan 2024 was one). */
export function dayName(dia: number, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 7 + dia)),
  );
}

type Props = { clienteId: string; initial: OrderConfig };

/** 'Ajustes de pedidos': on/off, preparation time, hours per weekday, maximum per slot, pause, time zone. */
export function OrderSettingsForm({ clienteId, initial }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<SettingsValues>(() => valuesFromConfig(initial, Math.floor(Date.now() / 1000)));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  const zones = useMemo(() => zoneOptions(timeZones(values.zona), t, i18n.language), [values.zona, t, i18n.language]);
  const auto = thresholds({ aviso_ambar_min: 0, aviso_rojo_min: 0, preparacion_min: Number(values.preparacion) || 0 });
  const f = (name: string) => `${id}-${name}`;

  const errorFor = (field: SettingsField, found: SettingsErrors = errors): string | null => {
    if (isDayField(field)) {
      const day = found[field];
      if (!day) return null;
      return t(`orderSettings.errors.horario.${day}`, {
        day: dayName(Number(field.slice(3)), i18n.language),
        max: MAX_INTERVALS_PER_DAY,
      });
    }
    const code = found[field];
    if (!code) return null;
    const max = code === 'preparacion' ? MAX_PREPARACION : code === 'avisos' ? MAX_AVISO : MAX_POR_FRANJA;
    return t(`orderSettings.errors.${code}`, { max });
  };

  const fieldProps = (field: SettingsField) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? f(`${field}-error`) : undefined,
  });

  const fieldError = (field: SettingsField) => {
    const text = errorFor(field);
    return text ? (
      <span id={f(`${field}-error`)} className="form__error field__error">
        {text}
      </span>
    ) : null;
  };

  function setDay(dia: number, update: (list: Interval[]) => Interval[]) {
    setValues((v) => ({ ...v, horario: { ...v.horario, [dia]: update(v.horario[dia] ?? []) } }));
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const now = Math.floor(Date.now() / 1000);
    const { errors: found, config } = checkSettings(values, now);
    setErrors(found);
    if (!config) {
      const first = (Object.keys(found) as SettingsField[])[0];
      setMessage({ kind: 'error', text: errorFor(first, found) ?? '' });
      // The first invalid field takes the focus.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const saved = await saveOrderConfig(clienteId, config);
      queryClient.setQueryData(orderBoardKeys.config(clienteId), saved);
      void queryClient.invalidateQueries({ queryKey: orderBoardKeys.board(clienteId) });
      setValues(valuesFromConfig(saved, Math.floor(Date.now() / 1000)));
      setMessage({ kind: 'ok', text: t('orderSettings.saved') });
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err, t('orderSettings.saveError'), t('errors.network')) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form order-settings" onSubmit={onSubmit} noValidate aria-busy={busy}>
      <p className="order-settings__links">
        <Link to={`/pedidos?cliente_id=${encodeURIComponent(clienteId)}`}>{t('orderSettings.boardLink')}</Link>
      </p>
      <fieldset className="fieldset">
        <legend>{t('orderSettings.general')}</legend>
        <label className="check-field">
          <input
            type="checkbox"
            checked={values.activo}
            onChange={(e) => {
              const activo = e.currentTarget.checked;
              setValues((v) => ({ ...v, activo }));
            }}
          />
          <span>{t('orderSettings.activo')}</span>
        </label>
        <div className="field-row">
          <div className="field">
            <label htmlFor={f('prep')}>{t('orderSettings.preparacion')}</label>
            <input
              id={f('prep')}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_PREPARACION}
              value={values.preparacion}
              onChange={(e) => {
                const preparacion = e.currentTarget.value;
                setValues((v) => ({ ...v, preparacion }));
              }}
              {...fieldProps('preparacion')}
            />
            {fieldError('preparacion')}
          </div>
          <div className="field">
            <label htmlFor={f('slot')}>{t('orderSettings.porFranja')}</label>
            <input
              id={f('slot')}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_POR_FRANJA}
              value={values.porFranja}
              onChange={(e) => {
                const porFranja = e.currentTarget.value;
                setValues((v) => ({ ...v, porFranja }));
              }}
              {...fieldProps('porFranja')}
              aria-describedby={[f('slot-hint'), fieldProps('porFranja')['aria-describedby']].filter(Boolean).join(' ')}
            />
            <span id={f('slot-hint')} className="muted field__hint">
              {t('orderSettings.porFranjaHint')}
            </span>
            {fieldError('porFranja')}
          </div>
        </div>
        <div className="field">
          <label htmlFor={f('zone')}>{t('orderSettings.zona')}</label>
          {zones.length > 0 ? (
            <select
              id={f('zone')}
              value={values.zona}
              onChange={(e) => {
                const zona = e.currentTarget.value;
                setValues((v) => ({ ...v, zona }));
              }}
              {...fieldProps('zona')}
            >
              {zones.map((z) => (
                <option key={z.value} value={z.value}>
                  {z.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={f('zone')}
              value={values.zona}
              onChange={(e) => {
                const zona = e.currentTarget.value;
                setValues((v) => ({ ...v, zona }));
              }}
              {...fieldProps('zona')}
            />
          )}
          {fieldError('zona')}
        </div>
      </fieldset>

      <fieldset className="fieldset">
        <legend>{t('orderSettings.board')}</legend>
        <div className="field-row">
          <div className="field">
            <label htmlFor={f('amber')}>{t('orderSettings.avisoAmbar')}</label>
            <input
              id={f('amber')}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_AVISO}
              placeholder={String(auto.ambar)}
              value={values.avisoAmbar}
              onChange={(e) => {
                const avisoAmbar = e.currentTarget.value;
                setValues((v) => ({ ...v, avisoAmbar }));
              }}
              {...fieldProps('avisos')}
              aria-describedby={[f('avisos-hint'), fieldProps('avisos')['aria-describedby']].filter(Boolean).join(' ')}
            />
          </div>
          <div className="field">
            <label htmlFor={f('red')}>{t('orderSettings.avisoRojo')}</label>
            <input
              id={f('red')}
              type="number"
              inputMode="numeric"
              min={2}
              max={MAX_AVISO}
              placeholder={String(auto.rojo)}
              value={values.avisoRojo}
              onChange={(e) => {
                const avisoRojo = e.currentTarget.value;
                setValues((v) => ({ ...v, avisoRojo }));
              }}
              aria-invalid={errors.avisos ? true : undefined}
              aria-describedby={[f('avisos-hint'), fieldProps('avisos')['aria-describedby']].filter(Boolean).join(' ')}
            />
          </div>
        </div>
        <span id={f('avisos-hint')} className="muted field__hint">
          {t('orderSettings.avisosHint', { ambar: auto.ambar, rojo: auto.rojo })}
        </span>
        {fieldError('avisos')}
        <label className="check-field">
          <input
            type="checkbox"
            checked={values.unToque}
            aria-describedby={f('one-tap-hint')}
            onChange={(e) => {
              const unToque = e.currentTarget.checked;
              setValues((v) => ({ ...v, unToque }));
            }}
          />
          <span>{t('orderSettings.unToque')}</span>
        </label>
        <span id={f('one-tap-hint')} className="muted field__hint">
          {t('orderSettings.unToqueHint')}
        </span>
      </fieldset>

      <fieldset className="fieldset">
        <legend>{t('orderSettings.pause')}</legend>
        <div className="field">
          <label htmlFor={f('pause')}>{t('orderSettings.pausa', { zone: zoneName(values.zona, t) })}</label>
          <input
            id={f('pause')}
            type="datetime-local"
            value={values.pausa}
            onChange={(e) => {
              const pausa = e.currentTarget.value;
              setValues((v) => ({ ...v, pausa }));
            }}
            {...fieldProps('pausa')}
            aria-describedby={[f('pause-hint'), fieldProps('pausa')['aria-describedby']].filter(Boolean).join(' ')}
          />
          <span id={f('pause-hint')} className="muted field__hint">
            {t('orderSettings.pausaHint')}
          </span>
          {fieldError('pausa')}
        </div>
        {values.pausa && (
          <div>
            <button type="button" className="button button--small" onClick={() => setValues((v) => ({ ...v, pausa: '' }))}>
              {t('orderSettings.clearPause')}
            </button>
          </div>
        )}
      </fieldset>

      <fieldset className="fieldset hours">
        <legend>{t('orderSettings.horario')}</legend>
        <p className="muted field__hint">{t('orderSettings.horarioHint')}</p>
        {WEEK.map((dia) => {
          const name = dayName(dia, i18n.language);
          const list = values.horario[dia] ?? [];
          const field = `dia${dia}` as const;
          return (
            <fieldset
              key={dia}
              className={`hours-day${errors[field] ? ' hours-day--error' : ''}`}
              aria-describedby={errors[field] ? f(`${field}-error`) : undefined}
              data-testid={`day-${dia}`}
            >
              <legend className="hours-day__name">{name}</legend>
              {list.length === 0 && <span className="muted">{t('orderSettings.closed')}</span>}
              {list.map((iv, i) => (
                <div key={iv.key} className="hours-interval">
                  {isAllDay(iv) ? (
                    <span className="hours-interval__all-day" data-testid="all-day">
                      {t('orderSettings.allDay')}
                    </span>
                  ) : (
                    <>
                  <label>
                    <span className="visually-hidden">{t('orderSettings.opensLabel', { day: name, n: i + 1 })}</span>
                    <input
                      type="time"
                      step={60}
                      value={iv.abre}
                      aria-invalid={errors[field] ? true : undefined}
                      onChange={(e) => {
                        const abre = e.currentTarget.value;
                        setDay(dia, (l) => l.map((x) => (x.key === iv.key ? { ...x, abre } : x)));
                      }}
                    />
                  </label>
                  <span aria-hidden="true">–</span>
                  <label>
                    <span className="visually-hidden">{t('orderSettings.closesLabel', { day: name, n: i + 1 })}</span>
                    <input
                      type="time"
                      step={60}
                      value={iv.cierra}
                      aria-invalid={errors[field] ? true : undefined}
                      onChange={(e) => {
                        const cierra = e.currentTarget.value;
                        setDay(dia, (l) => l.map((x) => (x.key === iv.key ? { ...x, cierra } : x)));
                      }}
                    />
                  </label>
                    </>
                  )}
                  <button
                    type="button"
                    className="button button--small hours-interval__remove"
                    onClick={() => setDay(dia, (l) => l.filter((x) => x.key !== iv.key))}
                    aria-label={t('orderSettings.removeLabel', { day: name, n: i + 1 })}
                    title={t('orderSettings.remove')}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </div>
              ))}
              {!list.some(isAllDay) && (
                <button
                  type="button"
                  className="button button--small hours-day__add"
                  onClick={() => setDay(dia, () => [newInterval('00:00', '00:00')])}
                  aria-label={t('orderSettings.addAllDayLabel', { day: name })}
                >
                  {t('orderSettings.addAllDay')}
                </button>
              )}
              {list.length < MAX_INTERVALS_PER_DAY && !list.some(isAllDay) && (
                <button
                  type="button"
                  className="button button--small hours-day__add"
                  onClick={() => setDay(dia, (l) => [...l, newInterval(l.length ? l[l.length - 1].cierra || '12:00' : '11:00', '22:00')])}
                  aria-label={t('orderSettings.addLabel', { day: name })}
                >
                  {t('orderSettings.add')}
                </button>
              )}
              {fieldError(field)}
            </fieldset>
          );
        })}
      </fieldset>

      <Notice message={message} />
      <SubmitButton busy={busy} label={t('orderSettings.save')} busyLabel={t('orderSettings.saving')} />
    </form>
  );
}
