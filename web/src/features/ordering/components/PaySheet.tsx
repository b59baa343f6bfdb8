import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tab, TabPaymentInput } from '../../../api/contract';
import { errorText, isApiError } from '../../../lib/api-client';
import { formatCents } from '../../../lib/money';
import { startTabPayment } from '../api/ordering-api';
import { tableCheckout } from '../lib/table-context';
import { parseCents, previewPayment, type PayChoice, type TipChoice } from '../lib/tip';

const MIN_PARTS = 2;
const MAX_PARTS = 20;

/**
 * 'Pedir la cuenta': what to pay (everything that remains, one share of an
 * even split, or chosen lines) and, when the restaurant offers tips, the
 * tip. Nothing is preselected in the tip chooser: 'Pagar' stays disabled
 * until the diner chooses (a tip is never added without the diner
 * choosing). The preview is the browser's; the server's numbers are what
 * the checkout charges. A 409 (someone else holds or paid what was chosen):
 * the server's message and the tab read again.
 */
export function PaySheet({ tab, token, onClose, refresh }: { tab: Tab; token: string; onClose: () => void; refresh: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.resolvedLanguage ?? i18n.language ?? 'es').startsWith('en') ? 'en' : 'es';
  const money = (cents: number) => formatCents(cents, tab.moneda, lang);
  const ids = useId();
  const [modo, setModo] = useState<PayChoice['modo']>('todo');
  const [partes, setPartes] = useState(tab.division?.partes ?? MIN_PARTS);
  const [lineas, setLineas] = useState<string[]>([]);
  const [tipKind, setTipKind] = useState<string | null>(null);
  const [customText, setCustomText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const tips = tab.propinas;
  const free = tab.pedidos.flatMap((o) => o.lineas).filter((l) => l.estado_pago === 'libre');
  const fixedParts = tab.division?.partes ?? null;
  const parts = fixedParts ?? partes;
  const pay: PayChoice = modo === 'todo' ? { modo } : modo === 'partes' ? { modo, partes: parts } : { modo, lineas };
  const customCents = parseCents(customText);

  let tip: TipChoice | null = null;
  if (!tips.activo || tipKind === 'none') tip = { kind: 'none' };
  else if (tipKind === 'amount') tip = customCents === null ? null : { kind: 'amount', cents: customCents };
  else if (tipKind?.startsWith('pct-')) tip = { kind: 'percent', percent: Number(tipKind.slice(4)) };

  const preview = previewPayment(tab, pay, tip);
  const partsValid = fixedParts !== null || (Number.isInteger(partes) && partes >= MIN_PARTS && partes <= MAX_PARTS);
  const whatValid = modo === 'lineas' ? lineas.length > 0 : modo === 'partes' ? partsValid : true;
  const ready = whatValid && tip !== null && preview.importe > 0 && !busy;

  async function submit() {
    if (!ready || !tip) return;
    setBusy(true);
    setError(null);
    const body: TabPaymentInput = {
      modo,
      ...(modo === 'partes' ? { partes: parts } : {}),
      ...(modo === 'lineas' ? { lineas } : {}),
      propina: tip.kind === 'amount' ? { importe: tip.cents } : { porcentaje: tip.kind === 'percent' ? tip.percent : 0 },
      idioma: lang,
    };
    try {
      const started = await startTabPayment(String(tab.id), token, body);
      tableCheckout.go(started.checkout_url);
    } catch (err) {
      setBusy(false);
      setError(errorText(err, t('table.pay.error'), t('errors.network')));
      if (isApiError(err) && err.status === 409) {
        setLineas([]);
        refresh();
      }
    }
  }

  const toggleLine = (id: string, on: boolean) => setLineas((prev) => (on ? [...prev, id] : prev.filter((x) => x !== id)));
  const nextPart = tab.division ? Math.min(tab.division.partes, tab.division.pagadas + tab.division.en_pago + 1) : 1;

  return (
    <section className="table-panel table-sheet" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} tabIndex={-1} className="table-sheet__title">
        {t('table.pay.title')}
      </h2>
      <fieldset className="table-choices">
        <legend>{t('table.pay.what')}</legend>
        <label className="table-choice">
          <input type="radio" name={`${ids}-modo`} checked={modo === 'todo'} onChange={() => setModo('todo')} />
          <span>
            {t('table.pay.all')} · {money(tab.restante)}
          </span>
        </label>
        <label className="table-choice">
          <input type="radio" name={`${ids}-modo`} checked={modo === 'partes'} onChange={() => setModo('partes')} />
          <span>{t('table.pay.parts')}</span>
        </label>
        {modo === 'partes' &&
          (fixedParts !== null ? (
            <p className="table-sub">{t('table.pay.partOf', { parte: nextPart, partes: fixedParts })}</p>
          ) : (
            <label className="table-sub table-field">
              <span>{t('table.pay.partsCount')}</span>
              <input
                type="number"
                inputMode="numeric"
                min={MIN_PARTS}
                max={MAX_PARTS}
                value={Number.isFinite(partes) ? partes : ''}
                onChange={(e) => setPartes(Math.floor(Number(e.target.value)))}
              />
            </label>
          ))}
        {free.length > 0 && (
          <label className="table-choice">
            <input type="radio" name={`${ids}-modo`} checked={modo === 'lineas'} onChange={() => setModo('lineas')} />
            <span>{t('table.pay.lines')}</span>
          </label>
        )}
        {modo === 'lineas' && (
          <ul className="table-sub table-line-picks">
            {free.map((l) => (
              <li key={l.id}>
                <label className="table-choice">
                  <input type="checkbox" checked={lineas.includes(l.id)} onChange={(e) => toggleLine(l.id, e.target.checked)} />
                  <span>
                    {l.cantidad} × {l.nombre} · {money(l.importe)}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      {tips.activo && (
        <fieldset className="table-choices">
          <legend>{t('table.pay.tip')}</legend>
          <label className="table-choice">
            <input type="radio" name={`${ids}-tip`} checked={tipKind === 'none'} onChange={() => setTipKind('none')} />
            <span>{t('table.pay.noTip')}</span>
          </label>
          {tips.porcentajes.map((pct) => (
            <label key={pct} className="table-choice">
              <input type="radio" name={`${ids}-tip`} checked={tipKind === `pct-${pct}`} onChange={() => setTipKind(`pct-${pct}`)} />
              <span>
                {pct} %{pct === tips.defecto && <strong className="table-suggested"> · {t('table.pay.suggested')}</strong>}
              </span>
            </label>
          ))}
          <label className="table-choice">
            <input type="radio" name={`${ids}-tip`} checked={tipKind === 'amount'} onChange={() => setTipKind('amount')} />
            <span>{t('table.pay.otherAmount')}</span>
          </label>
          {tipKind === 'amount' && (
            <label className="table-sub table-field">
              <span>{t('table.pay.tipAmount')}</span>
              <input
                type="text"
                inputMode="decimal"
                value={customText}
                aria-invalid={customText !== '' && customCents === null}
                onChange={(e) => setCustomText(e.target.value)}
              />
            </label>
          )}
        </fieldset>
      )}

      <dl className="table-totals" aria-live="polite">
        <dt>{t('table.pay.amount')}</dt>
        <dd data-testid="pay-amount">{money(preview.importe)}</dd>
        {tips.activo && (
          <>
            <dt>{t('table.pay.tipRow')}</dt>
            <dd data-testid="pay-tip">{tip ? money(preview.propina) : '—'}</dd>
          </>
        )}
        <dt className="table-totals__total">{t('table.pay.total')}</dt>
        <dd className="table-totals__total" data-testid="pay-total">
          {money(preview.importe + preview.propina)}
        </dd>
      </dl>
      {tips.activo && tip === null && <p className="table-note">{t('table.pay.chooseTip')}</p>}
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <div className="table-actions">
        <button type="button" className="button table-button" onClick={onClose}>
          {t('table.pay.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary table-button"
          disabled={!ready}
          aria-busy={busy}
          onClick={() => void submit()}
        >
          {busy ? t('table.pay.paying') : t('table.pay.submit', { total: money(preview.importe + preview.propina) })}
        </button>
      </div>
    </section>
  );
}
