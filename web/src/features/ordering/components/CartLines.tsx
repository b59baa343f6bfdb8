import { useTranslation } from 'react-i18next';
import type { Quote } from '../../../api/contract';
import { formatCents } from '../../../lib/money';
import { MAX_QUANTITY, removeFromCart, setQuantity, type CheckedLine } from '../lib/cart';
import { QuantityStepper } from './QuantityStepper';

/**
 * The cart's lines: each with its chosen modifiers, its quantity (a stepper,
 * unless read-only), the line total from the server's quote, and a remove
 * button. A line the menu no longer has is flagged and left out.
 */
export function CartLines({
  clienteId,
  checked,
  quote,
  currency,
  readOnly = false,
}: {
  clienteId: string;
  checked: CheckedLine[];
  /** The quote of exactly the valid lines (undefined while it is being asked). */
  quote: Quote | undefined;
  currency: string;
  readOnly?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const money = (cents: number) => formatCents(cents, currency, lang);
  // Quote lines are in the order of the valid lines sent (their position).
  const validPositions = checked.filter((c) => c.problem === null).map((c) => c.position);

  return (
    <ul className="ord-lines">
      {checked.map((c) => {
        if (readOnly && c.problem) return null;
        const q = quote?.lines.find((l) => validPositions[l.position] === c.position);
        const name = q?.name ?? c.product?.name ?? c.line.name;
        const groups = new Map(c.product?.modifiers.map((g) => [g.group_id, g.name]) ?? []);
        // Modifier names as the menu has them now, in the diner's language (the cart keeps those of when it was added).
        const modNames = new Map(c.product?.modifiers.flatMap((g) => g.modifiers.map((m) => [m.id, m.name] as const)) ?? []);
        return (
          <li key={c.position} className={`ord-line ${c.problem ? 'ord-line--invalid' : ''}`} data-testid="cart-line">
            <div className="ord-line__main">
              <h3 className="ord-line__name">
                {readOnly ? `${c.line.quantity} × ${name}` : name}
              </h3>
              {c.line.modifiers.length > 0 && (
                <ul className="ord-line__mods">
                  {c.line.modifiers.map((m) => (
                    <li key={m.id}>
                      {groups.get(m.group_id) ? `${groups.get(m.group_id)}: ` : ''}
                      {modNames.get(m.id) ?? m.name}
                      {m.price > 0 && ` (+${money(m.price)})`}
                    </li>
                  ))}
                </ul>
              )}
              {c.problem && (
                <p className="ord-line__problem" role="note">
                  {t(`ordering.lineProblem.${c.problem}`)}
                </p>
              )}
            </div>
            <div className="ord-line__side">
              <span className="ord-line__price" data-testid="line-subtotal">
                {c.problem ? '—' : q ? money(q.subtotal) : '…'}
              </span>
              {!readOnly && (
                <div className="ord-line__controls">
                  {!c.problem && (
                    <QuantityStepper
                      value={c.line.quantity}
                      max={MAX_QUANTITY}
                      name={name}
                      onChange={(n) => setQuantity(clienteId, c.position, n)}
                    />
                  )}
                  <button
                    type="button"
                    className="ord-link-button"
                    aria-label={t('ordering.removeLine', { name })}
                    onClick={() => removeFromCart(clienteId, c.position)}
                  >
                    {t('ordering.remove')}
                  </button>
                </div>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
