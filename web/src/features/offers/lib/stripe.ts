/**
 * Minimal typing of Stripe.js v3 (only what the card dialog uses). The script
 * is loaded from js.stripe.com only when the billing provider is Stripe.
 */
export type StripeCardElement = {
  mount: (el: HTMLElement) => void;
  destroy: () => void;
  on?: (event: 'change', handler: (e: { error?: { message?: string } }) => void) => void;
};
export type StripeInstance = {
  elements: () => { create: (type: 'card', options?: Record<string, unknown>) => StripeCardElement };
  confirmCardSetup: (
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement } },
  ) => Promise<{
    error?: { message?: string };
    setupIntent?: { payment_method?: string | { id: string } | null; status?: string };
  }>;
};
type StripeFactory = (publishableKey: string) => StripeInstance;

const STRIPE_JS = 'https://js.stripe.com/v3';
let loading: Promise<StripeFactory> | null = null;

function current(): StripeFactory | undefined {
  return (window as unknown as { Stripe?: StripeFactory }).Stripe;
}

/** loadStripe injects https://js.stripe.com/v3 once and resolves with window.Stripe. */
export function loadStripe(): Promise<StripeFactory> {
  const existing = current();
  if (existing) return Promise.resolve(existing);
  if (loading) return loading;
  loading = new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS;
    script.async = true;
    script.onload = () => {
      const factory = current();
      if (factory) resolve(factory);
      else reject(new Error('Stripe.js loaded without window.Stripe'));
    };
    script.onerror = () => reject(new Error('Stripe.js failed to load'));
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** The payment method id a confirmed SetupIntent carries. */
export function paymentMethodId(pm: string | { id: string } | null | undefined): string | null {
  if (!pm) return null;
  return typeof pm === 'string' ? pm : pm.id || null;
}
