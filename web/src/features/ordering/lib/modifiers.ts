import type { ParseKeys } from 'i18next';
import type { OnlineGroup, OnlineProduct } from '../../../api/contract';

/** The chosen modifier ids of each group (group_id → ids in the menu's order). */
export type Choice = Record<string, string[]>;

/** The i18n key and values of a group's rule ("Elige 1", "Hasta 3"...). */
export function ruleText(g: OnlineGroup): { key: ParseKeys; values: { min: number; max: number } } {
  const min = g.min_required;
  const max = g.max_allowed;
  const values = { min, max };
  if (min <= 0 && max <= 0) return { key: 'ordering.rule.any', values };
  if (min <= 0) return { key: 'ordering.rule.upTo', values };
  if (max <= 0) return { key: 'ordering.rule.atLeast', values };
  if (min === max) return { key: 'ordering.rule.exactly', values };
  return { key: 'ordering.rule.between', values };
}

export const isRequired = (g: OnlineGroup) => g.min_required > 0;

/** Whether the group's rule is met by the choice. */
export function groupSatisfied(g: OnlineGroup, choice: Choice): boolean {
  const n = choice[g.group_id]?.length ?? 0;
  return n >= g.min_required && (g.max_allowed <= 0 || n <= g.max_allowed);
}

/** The groups whose rule the choice does not meet yet (what blocks 'Agregar'). */
export function unmetGroups(p: OnlineProduct, choice: Choice): OnlineGroup[] {
  return p.modifiers.filter((g) => !groupSatisfied(g, choice));
}

/**
 * toggle picks or drops modifier `id` of group `g`. A group of at most one
 * swaps its choice; a full group of more refuses another pick (it never
 * exceeds its maximum). Ids stay in the menu's order.
 */
export function toggle(g: OnlineGroup, choice: Choice, id: string): Choice {
  const current = choice[g.group_id] ?? [];
  let next: string[];
  if (current.includes(id)) {
    next = current.filter((x) => x !== id);
  } else if (g.max_allowed === 1) {
    next = [id];
  } else if (g.max_allowed > 0 && current.length >= g.max_allowed) {
    return choice;
  } else {
    next = [...current, id];
  }
  const order = g.modifiers.map((m) => m.id);
  next.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return { ...choice, [g.group_id]: next };
}

/** Whether picking `id` now is refused because its group is full (shown disabled). */
export function isBlocked(g: OnlineGroup, choice: Choice, id: string): boolean {
  const current = choice[g.group_id] ?? [];
  return g.max_allowed > 1 && current.length >= g.max_allowed && !current.includes(id);
}

/** The unit price (cents) of the product with the chosen modifiers: display only. */
export function unitPrice(p: OnlineProduct, choice: Choice): number {
  let total = p.price;
  for (const g of p.modifiers) for (const m of g.modifiers) if (choice[g.group_id]?.includes(m.id)) total += m.price;
  return total;
}

/** The chosen modifiers in the menu's order, as a cart line keeps them. */
export function chosenModifiers(p: OnlineProduct, choice: Choice) {
  const out: { id: string; name: string; price: number; group_id: string }[] = [];
  for (const g of p.modifiers)
    for (const m of g.modifiers)
      if (choice[g.group_id]?.includes(m.id)) out.push({ id: m.id, name: m.name, price: m.price, group_id: g.group_id });
  return out;
}
