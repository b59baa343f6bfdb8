import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The ordering flow's texts per language, and its shared steps (ordering.spec.ts, ordering-flow.spec.ts). */
export const texts = {
  es: {
    switchTo: null,
    title: 'Ordena en Línea',
    meat: 'Carnes',
    customize: 'Personalizar: Chuletón de Res',
    dialog: 'Personalizar: Chuletón de Res',
    chooseOne: 'Elige 1',
    upToTwo: /Elige hasta 2/,
    add: /^Agregar ·/,
    cart: /Carrito de Compras: 1 producto$/,
    cartTitle: 'Carrito de Compras',
    goToPay: 'Ir a Pagar',
    checkoutTitle: 'Finalizar Pedido',
    name: 'Nombre',
    email: 'Correo electrónico',
    pay: 'Pagar con Clover',
    demoPay: 'Pagar',
    paid: 'Pago exitoso. Orden confirmada.',
    received: 'Recibido',
    waiting: 'Esperando el pago',
    emptyCart: /Carrito de Compras: 0 productos/,
  },
  en: {
    switchTo: 'English',
    title: 'Order Online',
    meat: 'Meat',
    customize: 'Customize: Rib Steak',
    dialog: 'Customize: Rib Steak',
    chooseOne: 'Choose 1',
    upToTwo: /Choose up to 2/,
    add: /^Add ·/,
    cart: /Shopping Cart: 1 item$/,
    cartTitle: 'Shopping Cart',
    goToPay: 'Go to Checkout',
    checkoutTitle: 'Complete Order',
    name: 'Name',
    email: 'E-mail',
    pay: 'Pay with Clover',
    demoPay: 'Pay',
    paid: 'Payment successful. Order confirmed.',
    received: 'Received',
    waiting: 'Waiting for payment',
    emptyCart: /Shopping Cart: 0 items/,
  },
} as const;

export type Texts = (typeof texts)[keyof typeof texts];

/** Opens 'Ordena en Línea' of La Cava in the language, customises the steak and adds it to the cart. */
export async function addSteak(page: Page, tx: Texts) {
  await page.goto('/ordenar-en-linea/1');
  if (tx.switchTo) await page.getByRole('button', { name: tx.switchTo }).click();
  await expect(page.getByRole('heading', { level: 1, name: tx.title })).toBeVisible();
  await page.getByRole('tab', { name: tx.meat }).click();
  await page.getByRole('button', { name: tx.customize }).click();
  const dialog = page.getByRole('dialog', { name: tx.dialog });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(tx.chooseOne, { exact: true })).toBeVisible();
  await expect(dialog.getByText(tx.upToTwo)).toBeVisible();
  const add = dialog.getByRole('button', { name: tx.add });
  await expect(add).toBeDisabled();
  await expect(dialog.getByTestId('line-price')).toHaveText('$42.00');
  await dialog.getByRole('radio').nth(1).check();
  await dialog.getByRole('checkbox').first().check();
  await expect(dialog.getByTestId('line-price')).toHaveText('$45.00');
  await expect(add).toBeEnabled();
  await add.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: tx.cart })).toBeVisible();
}

export async function fillCheckout(page: Page, tx: Texts, name = 'Ana Pérez') {
  await expect(page.getByRole('heading', { level: 1, name: tx.checkoutTitle })).toBeVisible();
  await page.getByLabel(tx.name, { exact: true }).fill(name);
  await page.getByLabel(tx.email, { exact: true }).fill('ana@example.com');
  await expect(page.getByTestId('quote-total')).toHaveText('$48.71');
}

