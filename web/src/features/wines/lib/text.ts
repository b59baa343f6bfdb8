/** Lower case without accents, for searching. */
export function fold(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/**
 * The items of a comma-and-space list ('carnes rojas, quesos curados'),
 * trimmed, empty ones dropped. Grapes lose their share ('Tempranillo 85%'
 * → 'Tempranillo').
 */
export function splitList(list: string | null | undefined, { grapes = false } = {}): string[] {
  return (list ?? '')
    .split(',')
    .map((item) => (grapes ? item.replace(/\s*\d+(?:[.,]\d+)?\s*%\s*$/, '') : item).trim())
    .filter(Boolean);
}

/** The spec's description length before 'Ver Más'. */
export const DESCRIPTION_LIMIT = 150;

/** The first `limit` characters (whole code points), with an ellipsis when cut. */
export function truncate(text: string, limit = DESCRIPTION_LIMIT): { text: string; cut: boolean } {
  const chars = Array.from(text);
  if (chars.length <= limit) return { text, cut: false };
  return { text: `${chars.slice(0, limit).join('').trimEnd()}…`, cut: true };
}
