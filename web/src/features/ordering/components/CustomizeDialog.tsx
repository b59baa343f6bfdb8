import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnlineProduct } from '../../../api/contract';
import { Dialog } from '../../../components/Dialog';
import { DietaryInfo } from '../../../components/DietaryIcons';
import { formatCents } from '../../../lib/money';
import { MAX_QUANTITY, type CartLine } from '../lib/cart';
import { chosenModifiers, isBlocked, isRequired, ruleText, toggle, unitPrice, unmetGroups, type Choice } from '../lib/modifiers';
import { QuantityStepper } from './QuantityStepper';

/**
 * The 'Personalizar' dialog, the product's detail: its description, its
 * dietary tags and allergens in words, each modifier group with its rule
 * ("Elige 1", "Hasta 2"), 'Agregar' blocked until every required group is
 * met, a group never taking more than its maximum, and the running price of
 * the line.
 */
export function CustomizeDialog({
  product,
  currency,
  onAdd,
  onClose,
}: {
  product: OnlineProduct;
  currency: string;
  onAdd: (line: CartLine) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const id = useId();
  const [choice, setChoice] = useState<Choice>({});
  const [quantity, setQuantity] = useState(1);
  const unmet = unmetGroups(product, choice);
  const unit = unitPrice(product, choice);
  const money = (cents: number) => formatCents(cents, currency, lang);

  function add() {
    if (unmet.length > 0) return;
    onAdd({
      product_id: product.id,
      name: product.name,
      unit_price: unit,
      quantity,
      modifiers: chosenModifiers(product, choice),
    });
  }

  return (
    <Dialog
      backdropClassName="ord-backdrop"
      className="ord-dialog"
      labelledBy={`${id}-title`}
      describedBy={product.description ? `${id}-desc` : undefined}
      onClose={onClose}
      portal
    >
      <div className="ord-dialog__head">
        <h2 id={`${id}-title`} className="ord-dialog__title">
          {t('ordering.customize.title', { name: product.name })}
        </h2>
        <button type="button" className="ord-close" aria-label={t('ordering.close')} onClick={onClose}>
          ×
        </button>
      </div>
      <div className="ord-dialog__body">
        {product.description && (
          <p id={`${id}-desc`} className="ord-dialog__desc">
            {product.description}
          </p>
        )}
        <DietaryInfo product={product} className="ord-dialog__diet" />
        <p className="ord-dialog__base">
          {t('ordering.customize.basePrice')} <strong>{money(product.price)}</strong>
        </p>
        {product.modifiers.map((g) => {
          const rule = ruleText(g);
          const required = isRequired(g);
          const single = g.max_allowed === 1 && required;
          const groupId = `${id}-g-${g.group_id}`;
          const chosen = choice[g.group_id] ?? [];
          const ok = unmet.every((u) => u.group_id !== g.group_id);
          return (
            <fieldset key={g.group_id} className="ord-group" aria-describedby={`${groupId}-rule`}>
              <legend className="ord-group__legend">
                <span className="ord-group__name">{g.name}</span>
                <span className={`ord-group__tag ${required ? 'ord-group__tag--required' : ''}`}>
                  {required ? t('ordering.rule.required') : t('ordering.rule.optional')}
                </span>
              </legend>
              <p id={`${groupId}-rule`} className={`ord-group__rule ${ok ? 'ord-group__rule--ok' : ''}`}>
                {t(rule.key, rule.values)}
                {g.max_allowed > 1 && ` · ${t('ordering.rule.chosen', { n: chosen.length, max: g.max_allowed })}`}
              </p>
              <ul className="ord-options">
                {g.modifiers.map((m) => {
                  const checked = chosen.includes(m.id);
                  const blocked = isBlocked(g, choice, m.id);
                  return (
                    <li key={m.id}>
                      <label className={`ord-option ${checked ? 'ord-option--on' : ''} ${blocked ? 'ord-option--blocked' : ''}`}>
                        <input
                          type={single ? 'radio' : 'checkbox'}
                          name={groupId}
                          checked={checked}
                          disabled={blocked}
                          onChange={() => setChoice((c) => toggle(g, c, m.id))}
                        />
                        <span className="ord-option__name">{m.name}</span>
                        {m.price > 0 && <span className="ord-option__price">+{money(m.price)}</span>}
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          );
        })}
        <div className="ord-dialog__qty">
          <span id={`${id}-qty`}>{t('ordering.quantity')}</span>
          <QuantityStepper
            value={quantity}
            max={MAX_QUANTITY}
            labelledBy={`${id}-qty`}
            name={product.name}
            onChange={setQuantity}
          />
        </div>
      </div>
      <div className="ord-dialog__foot">
        {unmet.length > 0 && (
          <p className="ord-dialog__missing" id={`${id}-missing`}>
            {t('ordering.customize.missing', { groups: unmet.map((g) => g.name).join(', ') })}
          </p>
        )}
        <div className="ord-dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('ordering.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary ord-add"
            disabled={unmet.length > 0}
            aria-describedby={unmet.length > 0 ? `${id}-missing` : undefined}
            onClick={add}
          >
            {t('ordering.customize.add')} · <span data-testid="line-price">{money(unit * quantity)}</span>
          </button>
        </div>
      </div>
    </Dialog>
  );
}
