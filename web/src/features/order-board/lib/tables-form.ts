import type { TablesSettings, TablesSettingsInput } from '../api/tables-settings-api';

/** The most tables a restaurant sets up (the server accepts table numbers 1–500). */
export const MAX_TABLE_NUMBER = 500;
/** The most tip percentages offered to the diner. */
export const MAX_TIPS = 4;
/** The percentages offered when tips are turned on with none set. */
export const DEFAULT_TIPS = [10, 15, 20];

export type TableRow = { key: number; numero: string; nombre: string };
export type TablesValues = {
  mesas: TableRow[];
  modo: TablesSettings['modo'];
  propinasActivo: boolean;
  porcentajes: string[];
  /** The suggested percentage's index in porcentajes. */
  defecto: number;
  recoger: boolean;
};

let nextKey = 1;
export const newRow = (numero: number | string = '', nombre = ''): TableRow => ({ key: nextKey++, numero: String(numero), nombre });

export function valuesFromSettings(s: TablesSettings): TablesValues {
  const porcentajes = s.propinas.porcentajes.slice(0, MAX_TIPS);
  return {
    mesas: s.mesas.map((m) => newRow(m.numero, m.nombre)),
    modo: s.modo,
    propinasActivo: s.propinas.activo,
    porcentajes: porcentajes.map(String),
    defecto: Math.max(0, porcentajes.indexOf(s.propinas.defecto)),
    recoger: s.recoger_activo,
  };
}

/** 'Crear mesas 1 a N': adds the numbers 1..n that are missing, keeping every table already listed (and its name). */
export function withTablesUpTo(rows: TableRow[], n: number): TableRow[] {
  const have = new Set(rows.map((r) => Number(r.numero)));
  const added = Array.from({ length: n }, (_, i) => i + 1).filter((k) => !have.has(k)).map((k) => newRow(k));
  return [...rows, ...added].sort((a, b) => (Number(a.numero) || Infinity) - (Number(b.numero) || Infinity));
}

export type TablesError = 'numero' | 'duplicate' | 'tips' | 'tipsEmpty';

/** The PUT body, or the first thing to fix. */
export function checkTables(v: TablesValues): { body: TablesSettingsInput; error: null } | { body: null; error: TablesError } {
  const numbers = v.mesas.map((r) => Number(r.numero.trim()));
  if (v.mesas.some((r, i) => !/^\d+$/.test(r.numero.trim()) || numbers[i] < 1 || numbers[i] > MAX_TABLE_NUMBER)) return { body: null, error: 'numero' };
  if (new Set(numbers).size !== numbers.length) return { body: null, error: 'duplicate' };
  const tips = v.porcentajes.map((p) => Number(p.trim()));
  if (v.porcentajes.some((p, i) => !/^\d+$/.test(p.trim()) || tips[i] < 1 || tips[i] > 100)) return { body: null, error: 'tips' };
  if (v.propinasActivo && tips.length === 0) return { body: null, error: 'tipsEmpty' };
  return {
    error: null,
    body: {
      mesas: v.mesas.map((r, i) => ({ numero: numbers[i], nombre: r.nombre.trim() })),
      modo: v.modo,
      propinas: { activo: v.propinasActivo, porcentajes: tips, defecto: tips[v.defecto] ?? tips[0] ?? 0 },
      recoger_activo: v.recoger,
    },
  };
}
