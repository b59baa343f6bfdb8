/**
 * The demo card form turns one of the two test card numbers into the demo
 * billing provider's token, in the browser: the server never sees a card
 * number. 4242 4242 4242 4242 approves the fees; 4000 0000 0000 0002 is
 * registered but its fee charges are declined.
 */
export const DEMO_CARDS: Record<string, string> = {
  '4242424242424242': 'demo_tok_4242',
  '4000000000000002': 'demo_tok_0002',
};

export type DemoCardInput = { number: string; expiry: string; cvc: string };
export type DemoCardResult = { ok: true; token: string } | { ok: false; error: 'number' | 'expiry' | 'cvc' };

export function digitsOnly(s: string): string {
  return s.replace(/\D/g, '');
}

/** Groups the digits by four as the user types: '4242424242' → '4242 4242 42'. */
export function formatCardNumber(s: string): string {
  return digitsOnly(s)
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Formats the expiry as MM/AA while typing. */
export function formatExpiry(s: string): string {
  const d = digitsOnly(s).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

/** demoCardToken validates the demo form and answers the token (or which field is wrong). */
export function demoCardToken(input: DemoCardInput, now = new Date()): DemoCardResult {
  const token = DEMO_CARDS[digitsOnly(input.number)];
  if (!token) return { ok: false, error: 'number' };
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(input.expiry);
  if (!m) return { ok: false, error: 'expiry' };
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return { ok: false, error: 'expiry' };
  // Valid through the last day of the month.
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    return { ok: false, error: 'expiry' };
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) return { ok: false, error: 'cvc' };
  return { ok: true, token };
}
