import { useId, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TableRef, Tab } from '../../../api/contract';
import { Notice, SubmitButton, type Message } from '../../../components/Form';
import { formatMinutes, minutesSince } from '../../../lib/age';
import { errorText } from '../../../lib/api-client';
import { formatCents } from '../../../lib/money';
import { acceptTab, closeTab, moveTab, payAtTable } from '../api/tables-api';
import { centsToText, tableName, textToCents } from '../lib/tables';

type Props = {
  clienteId: string;
  tab: Tab;
  /** The tables without an open tab ('Mover a…'). */
  freeTables: TableRef[];
  /** Unix seconds now (the page's one ticking clock). */
  now: number;
  onChanged: (tab: Tab) => void;
};

type Panel = null | 'pay' | 'move' | 'close';

/** One open tab: its table, state, age, money and payments, and the waiter's actions. */
export function TabCard({ clienteId, tab, freeTables, now, onChanged }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [panel, setPanel] = useState<Panel>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const money = (cents: number) => formatCents(cents, tab.moneda, i18n.language);
  const name = tableName(tab.mesa, (numero) => t('tablesPage.table', { numero }));
  const waiting = tab.estado === 'por_aceptar';
  const plan = paymentPlan(tab);

  /** Runs an action; the server's refusal (its own words) shows on the card. */
  async function run(action: () => Promise<Tab>): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    setMessage(null);
    try {
      onChanged(await action());
      setPanel(null);
      return true;
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err, t('errors.generic'), t('errors.network')) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  const toggle = (p: Exclude<Panel, null>) => {
    setMessage(null);
    setPanel((cur) => (cur === p ? null : p));
  };

  return (
    <li>
      <article
        className={`tab-card tab-card--${tab.estado}`}
        aria-labelledby={`${id}-title`}
        data-testid="tab-card"
        data-estado={tab.estado}
      >
        <header className="tab-card__head">
          <h2 id={`${id}-title`} className="tab-card__table">
            {name}
          </h2>
          <span className={`tab-state tab-state--${tab.estado}`}>{t(`tablesPage.estado.${tab.estado}`)}</span>
          <span className="tab-card__age">{openedText(t, minutesSince(tab.abierta_at, now))}</span>
        </header>
        {waiting && (
          <div className="tab-card__new">
            <p>
              <strong>{t('tablesPage.newTable')}</strong>
            </p>
            <button type="button" className="button button--primary" onClick={() => void run(() => acceptTab(clienteId, tab.id))} disabled={busy} aria-busy={busy}>
              {t('tablesPage.accept')}
            </button>
          </div>
        )}

        <dl className="tab-card__money">
          <div>
            <dt>{t('tablesPage.total')}</dt>
            <dd>{money(tab.total)}</dd>
          </div>
          <div>
            <dt>{t('tablesPage.paid')}</dt>
            <dd>{money(tab.pagado)}</dd>
          </div>
          <div className="tab-card__remaining">
            <dt>{t('tablesPage.remaining')}</dt>
            <dd data-testid="tab-remaining">{money(tab.restante)}</dd>
          </div>
          {tab.en_pago > 0 && (
            <div>
              <dt>{t('tablesPage.inPayment')}</dt>
              <dd>{money(tab.en_pago)}</dd>
            </div>
          )}
        </dl>

        <PaymentPlan tab={tab} money={money} />

        {tab.pedidos.length > 0 && (
          <details className="tab-card__orders" open={plan.byItems || undefined}>
            <summary>{t('tablesPage.orders', { count: tab.pedidos.length })}</summary>
            <ul>
              {tab.pedidos.map((p) => (
                <li key={p.id}>
                  {p.numero > 0 ? t('tablesPage.orderNumber', { numero: p.numero }) : t('tablesPage.orderPending')} ·{' '}
                  {t(`tablesPage.orderEstado.${p.estado}`)} · {money(p.total)}
                  <ul className="tab-card__lines">
                    {p.lineas.map((l) => (
                      <li key={l.id} data-testid="tab-line" data-estado-pago={l.estado_pago}>
                        <span>
                          {l.cantidad} × {l.nombre}
                        </span>
                        {p.estado !== 'cancelado' && (
                          <span className={`line-pay line-pay--${l.estado_pago}`}>
                            {money(l.importe)} · {t(`tablesPage.lineEstado.${l.estado_pago}`)}
                          </span>
                        )}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </details>
        )}

        {tab.pagos.length > 0 && (
          <section aria-labelledby={`${id}-payments`}>
            <h3 id={`${id}-payments`} className="tab-card__subtitle">
              {t('tablesPage.payments')}
            </h3>
            <ul className="tab-card__payments">
              {tab.pagos.map((p) => (
                <li key={p.id} data-testid="tab-payment">
                  <span>
                    {t(`tablesPage.metodo.${p.metodo}`)} · {paymentMode(p, tab, t)} · {t(`tablesPage.pagoEstado.${p.estado}`)}
                    {p.registrado_por ? ` · ${t('tablesPage.recordedBy', { who: p.registrado_por })}` : ''}
                  </span>
                  <span>
                    {money(p.total)}
                    {p.propina > 0 ? ` (${t('tablesPage.tipIncluded', { amount: money(p.propina) })})` : ''}
                  </span>
                  {p.reembolso > 0 && (
                    <span className={`tab-card__owed tab-card__owed--${p.reembolso_estado || 'pendiente'}`}>
                      {p.reembolso_estado === 'reembolsado'
                        ? t('tablesPage.refunded', { amount: money(p.reembolso) })
                        : t('tablesPage.owedBack', { amount: money(p.reembolso) })}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}

        <div className="tab-card__actions">
          <button type="button" className="button" aria-expanded={panel === 'pay'} aria-controls={`${id}-panel`} onClick={() => toggle('pay')}>
            {t('tablesPage.payAtTable')}
          </button>
          <button type="button" className="button" aria-expanded={panel === 'move'} aria-controls={`${id}-panel`} onClick={() => toggle('move')}>
            {t('tablesPage.move')}
          </button>
          <button type="button" className="button button--danger" aria-expanded={panel === 'close'} aria-controls={`${id}-panel`} onClick={() => toggle('close')}>
            {t('tablesPage.close')}
          </button>
        </div>
        <div id={`${id}-panel`}>
          {panel === 'pay' && (
            <PayForm tab={tab} busy={busy} onSubmit={(body) => run(() => payAtTable(clienteId, tab.id, body))} onError={setMessage} />
          )}
          {panel === 'move' && (
            <MoveForm tables={freeTables} busy={busy} onSubmit={(mesaId) => run(() => moveTab(clienteId, tab.id, mesaId))} />
          )}
          {panel === 'close' && (
            <CloseForm tab={tab} busy={busy} onSubmit={(motivo) => run(() => closeTab(clienteId, tab.id, motivo))} onError={setMessage} />
          )}
        </div>
        <Notice message={message} />
      </article>
    </li>
  );
}

/** How a tab is being paid, as the card sums it up. */
function paymentPlan(tab: Tab) {
  const lines = tab.pedidos.filter((p) => p.estado !== 'cancelado').flatMap((p) => p.lineas);
  const owed = tab.pagos.filter((p) => p.reembolso > 0 && p.reembolso_estado !== 'reembolsado').reduce((n, p) => n + p.reembolso, 0);
  return {
    byItems: tab.pagos.some((p) => p.modo === 'lineas'),
    lines: lines.length,
    linesPaid: lines.filter((l) => l.estado_pago === 'pagada').length,
    linesInPayment: lines.filter((l) => l.estado_pago === 'en_pago').length,
    owed,
  };
}

/** A payment's mode: everything left, share k of n, chosen items, or taken at the table. */
function paymentMode(p: Tab['pagos'][number], tab: Tab, t: TFunction): string {
  if (p.modo === 'partes') {
    return p.parte > 0 && tab.division ? t('tablesPage.modo.parte', { parte: p.parte, partes: tab.division.partes }) : t('tablesPage.modo.partes');
  }
  return t(`tablesPage.modo.${p.modo}`);
}

/** 'Cómo se paga': an even split's shares, the items paid one by one, the tips and what is owed back. */
function PaymentPlan({ tab, money }: { tab: Tab; money: (cents: number) => string }) {
  const { t } = useTranslation();
  const plan = paymentPlan(tab);
  const split = tab.division;
  const facts: { key: string; text: string; strong?: boolean }[] = [];
  if (split) {
    facts.push({ key: 'split', text: t('tablesPage.split', { pagadas: split.pagadas, partes: split.partes }) });
    if (split.en_pago > 0) facts.push({ key: 'split-paying', text: t('tablesPage.splitInPayment', { count: split.en_pago }) });
    if (split.siguiente > 0) facts.push({ key: 'split-next', text: t('tablesPage.splitNext', { amount: money(split.siguiente) }) });
  }
  if (plan.byItems) {
    facts.push({ key: 'items', text: t('tablesPage.byItems', { pagados: plan.linesPaid, total: plan.lines }) });
    if (plan.linesInPayment > 0) facts.push({ key: 'items-paying', text: t('tablesPage.itemsInPayment', { count: plan.linesInPayment }) });
  }
  if (tab.propina_total > 0) facts.push({ key: 'tips', text: t('tablesPage.tips', { amount: money(tab.propina_total) }) });
  if (plan.owed > 0) facts.push({ key: 'owed', text: t('tablesPage.owedBackTotal', { amount: money(plan.owed) }), strong: true });
  if (facts.length === 0) return null;
  return (
    <ul className="tab-card__plan" aria-label={t('tablesPage.howPaid')} data-testid="tab-plan">
      {facts.map((f) => (
        <li key={f.key} className={f.strong ? 'tab-card__plan-owed' : undefined}>
          {f.text}
        </li>
      ))}
    </ul>
  );
}

type PayBody = { metodo: 'efectivo' | 'terminal'; importe: number; propina: number };

/** 'Cobrar en mesa': cash or the restaurant's card terminal; the amount starts at what remains. */
function PayForm({
  tab,
  busy,
  onSubmit,
  onError,
}: {
  tab: Tab;
  busy: boolean;
  onSubmit: (body: PayBody) => Promise<boolean>;
  onError: (m: Message) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [metodo, setMetodo] = useState<PayBody['metodo']>('efectivo');
  const [importe, setImporte] = useState(() => centsToText(tab.restante));
  const [propina, setPropina] = useState('0.00');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const amount = textToCents(importe);
    const tip = propina.trim() === '' ? 0 : textToCents(propina);
    if (amount === null || amount <= 0 || tip === null) {
      onError({ kind: 'error', text: t('tablesPage.amountInvalid') });
      return;
    }
    void onSubmit({ metodo, importe: amount, propina: tip });
  };

  return (
    <form className="tab-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="tab-card__subtitle">
        {t('tablesPage.payAtTable')}
      </h3>
      <fieldset className="tab-form__methods">
        <legend>{t('tablesPage.method')}</legend>
        {(['efectivo', 'terminal'] as const).map((m) => (
          <label key={m} className="check-field">
            <input type="radio" name={`${id}-metodo`} value={m} checked={metodo === m} onChange={() => setMetodo(m)} />
            {t(`tablesPage.metodo.${m}`)}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-importe`}>{t('tablesPage.amount', { currency: tab.moneda })}</label>
        <input
          id={`${id}-importe`}
          inputMode="decimal"
          value={importe}
          onChange={(e) => setImporte(e.currentTarget.value)}
          aria-describedby={`${id}-importe-hint`}
        />
        <p id={`${id}-importe-hint`} className="muted field__hint">
          {t('tablesPage.amountHint', { amount: formatCents(tab.restante, tab.moneda, i18n.language) })}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-propina`}>{t('tablesPage.tip', { currency: tab.moneda })}</label>
        <input id={`${id}-propina`} inputMode="decimal" value={propina} onChange={(e) => setPropina(e.currentTarget.value)} />
      </div>
      <SubmitButton busy={busy} label={t('tablesPage.payConfirm')} busyLabel={t('tablesPage.saving')} />
    </form>
  );
}

/** 'Mover a…': a table without an open tab. */
function MoveForm({ tables, busy, onSubmit }: { tables: TableRef[]; busy: boolean; onSubmit: (mesaId: number) => Promise<boolean> }) {
  const { t } = useTranslation();
  const id = useId();
  const [mesa, setMesa] = useState(() => (tables[0] ? String(tables[0].id) : ''));
  if (tables.length === 0) return <p className="muted">{t('tablesPage.noFreeTables')}</p>;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mesa) void onSubmit(Number(mesa));
  };
  return (
    <form className="tab-form" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-mesa`}>{t('tablesPage.moveTo')}</label>
        <select id={`${id}-mesa`} value={mesa} onChange={(e) => setMesa(e.currentTarget.value)}>
          {tables.map((m) => (
            <option key={m.id} value={m.id}>
              {tableName(m, (numero) => t('tablesPage.table', { numero }))}
            </option>
          ))}
        </select>
      </div>
      <SubmitButton busy={busy} label={t('tablesPage.moveConfirm')} busyLabel={t('tablesPage.saving')} />
    </form>
  );
}

/** 'Cerrar cuenta': the reason is required when something is still unpaid (the server checks it too). */
function CloseForm({
  tab,
  busy,
  onSubmit,
  onError,
}: {
  tab: Tab;
  busy: boolean;
  onSubmit: (motivo: string) => Promise<boolean>;
  onError: (m: Message) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [motivo, setMotivo] = useState('');
  const owes = tab.restante > 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (owes && !motivo.trim()) {
      onError({ kind: 'error', text: t('tablesPage.reasonRequired', { amount: formatCents(tab.restante, tab.moneda, i18n.language) }) });
      return;
    }
    void onSubmit(motivo);
  };
  return (
    <form className="tab-form" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-motivo`}>{owes ? t('tablesPage.reasonLabelRequired') : t('tablesPage.reasonLabel')}</label>
        <textarea
          id={`${id}-motivo`}
          rows={2}
          value={motivo}
          onChange={(e) => setMotivo(e.currentTarget.value)}
          aria-required={owes}
          aria-describedby={owes ? `${id}-motivo-hint` : undefined}
        />
        {owes && (
          <p id={`${id}-motivo-hint`} className="muted field__hint">
            {t('tablesPage.reasonHint', { amount: formatCents(tab.restante, tab.moneda, i18n.language) })}
          </p>
        )}
      </div>
      <SubmitButton busy={busy} label={t('tablesPage.closeConfirm')} busyLabel={t('tablesPage.saving')} />
    </form>
  );
}

/** How long ago the tab opened: 'Abierta ahora' in its first minute (never 'hace 0 min'). */
function openedText(t: TFunction, minutes: number): string {
  return minutes < 1 ? t('tablesPage.openedNow') : t('tablesPage.openedAgo', { age: formatMinutes(minutes) });
}
