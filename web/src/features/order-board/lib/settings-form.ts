import type { OpeningHours, OrderConfig } from '../../../api/contract';
import { fromZonedInput, toZonedInput } from './zoned-time';

export { isAllDay } from '../../../lib/opening-hours';

/** The server's bounds (internal/ordering/schedule.go). */
export const MAX_PREPARACION = 240;
export const MAX_POR_FRANJA = 1000;
export const MAX_INTERVALS_PER_DAY = 4;
export const MAX_PAUSE_SECONDS = 7 * 24 * 3600;
export const MAX_AVISO = 480;

/** Monday first, as a restaurant's week reads; dia 0 is Sunday. */
export const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

export type Interval = { key: number; abre: string; cierra: string };

/** The settings form's values: numbers as typed, hours per weekday, the pause as the restaurant's wall clock. */
export type SettingsValues = {
  activo: boolean;
  preparacion: string;
  porFranja: string;
  zona: string;
  /** "YYYY-MM-DDTHH:MM" in the restaurant's zone, '' for no pause. */
  pausa: string;
  horario: Record<number, Interval[]>;
  /** The board's late thresholds in minutes as typed; both '' = automatic. */
  avisoAmbar: string;
  avisoRojo: string;
  unToque: boolean;
};

/** A weekday's hours (dia0 … dia6). */
export type DayField = `dia${number}`;
export type SettingsField = 'preparacion' | 'porFranja' | 'zona' | 'pausa' | 'avisos' | DayField;
/** What is wrong with a day's hours: its text is orderSettings.errors.horario.<error>. */
export type DayError = 'tooMany' | 'format' | 'order' | 'overlap';
/** Error keys by field (i18n: orderSettings.errors.<field>, a day's under orderSettings.errors.horario). */
export type SettingsErrors = { [F in Exclude<SettingsField, DayField>]?: F } & { [F in DayField]?: DayError };

export const isDayField = (field: SettingsField): field is DayField => field.startsWith('dia');

let nextKey = 1;
export function newInterval(abre = '11:00', cierra = '22:00'): Interval {
  return { key: nextKey++, abre, cierra };
}

/** <input type="time"> cannot hold "24:00": midnight as a closing time is shown as "00:00". */
function closingForInput(cierra: string): string {
  return cierra === '24:00' ? '00:00' : cierra;
}

export function valuesFromConfig(c: OrderConfig, now: number): SettingsValues {
  const horario: Record<number, Interval[]> = {};
  for (const d of WEEK) horario[d] = [];
  for (const h of c.horario) horario[h.dia]?.push(newInterval(h.abre, closingForInput(h.cierra)));
  return {
    activo: c.activo,
    preparacion: String(c.preparacion_min),
    porFranja: String(c.pedidos_por_franja),
    zona: c.zona_horaria,
    pausa: c.pausado_hasta > now ? toZonedInput(c.pausado_hasta, c.zona_horaria) : '',
    horario,
    avisoAmbar: c.aviso_ambar_min ? String(c.aviso_ambar_min) : '',
    avisoRojo: c.aviso_rojo_min ? String(c.aviso_rojo_min) : '',
    unToque: c.un_toque,
  };
}

function minutes(hhmm: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 24 || min > 59 || (h === 24 && min !== 0)) return null;
  return h * 60 + min;
}

function isInteger(s: string): boolean {
  return /^\d+$/.test(s.trim());
}

function validZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * checkSettings applies the server's rules before sending (the server
 * checks them again): it returns the errors by field, or the settings to
 * save. `now` is Unix seconds.
 */
export function checkSettings(v: SettingsValues, now: number): { errors: SettingsErrors; config?: OrderConfig } {
  const errors: SettingsErrors = {};
  const prep = Number(v.preparacion);
  if (!isInteger(v.preparacion) || prep > MAX_PREPARACION) errors.preparacion = 'preparacion';
  const slot = Number(v.porFranja);
  if (!isInteger(v.porFranja) || slot > MAX_POR_FRANJA) errors.porFranja = 'porFranja';
  if (!validZone(v.zona)) errors.zona = 'zona';
  let ambar = 0;
  let rojo = 0;
  if (v.avisoAmbar.trim() !== '' || v.avisoRojo.trim() !== '') {
    ambar = Number(v.avisoAmbar);
    rojo = Number(v.avisoRojo);
    if (!isInteger(v.avisoAmbar) || !isInteger(v.avisoRojo) || ambar < 1 || rojo > MAX_AVISO || ambar >= rojo) errors.avisos = 'avisos';
  }

  let pausadoHasta = 0;
  if (v.pausa) {
    const at = validZone(v.zona) ? fromZonedInput(v.pausa, v.zona) : null;
    if (at === null || at <= now || at > now + MAX_PAUSE_SECONDS) errors.pausa = 'pausa';
    else pausadoHasta = at;
  }

  const horario: OpeningHours[] = [];
  for (const dia of WEEK) {
    const list = v.horario[dia] ?? [];
    const spans: [number, number][] = [];
    let error: DayError | undefined;
    if (list.length > MAX_INTERVALS_PER_DAY) error = 'tooMany';
    for (const iv of list) {
      const a = minutes(iv.abre);
      let b = minutes(iv.cierra);
      if (b === 0) b = 24 * 60; // "00:00" closes at midnight
      if (a === null || b === null) {
        error ??= 'format';
        continue;
      }
      if (b <= a) {
        error ??= 'order';
        continue;
      }
      spans.push([a, b]);
      horario.push({ dia, abre: iv.abre, cierra: b === 24 * 60 ? '24:00' : iv.cierra });
    }
    spans.sort((x, y) => x[0] - y[0]);
    for (let i = 1; i < spans.length; i++) if (spans[i][0] < spans[i - 1][1]) error ??= 'overlap';
    if (error) errors[`dia${dia}`] = error;
  }

  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    config: {
      activo: v.activo,
      preparacion_min: prep,
      pedidos_por_franja: slot,
      zona_horaria: v.zona,
      pausado_hasta: pausadoHasta,
      horario,
      aviso_ambar_min: ambar,
      aviso_rojo_min: rojo,
      un_toque: v.unToque,
    },
  };
}
