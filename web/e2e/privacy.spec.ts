import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { accounts, expect, test } from './fixtures';
import { closePromotion } from './helpers';
import { dinerProfile, registerDiner, signInDiner, signInStaff, unique } from './api';

// Issue 29 items 3 and 4: consent is asked (the registration dialog's boxes
// start unticked, with the restaurant's privacy notice a click away), and
// each restaurant has a privacy notice written from its data, in Spanish and
// in English, with the text its owner adds in 'Configuraciones'.

const SHOTS = process.env.CARTA_SHOTS_DIR;
type Lang = 'es' | 'en';

const texts = {
  es: {
    register: 'Registrarse para más funciones',
    dialog: 'Crear Cuenta',
    mailing: 'Recibir promociones por correo electrónico',
    whatsapp: 'Recibir notificaciones por WhatsApp',
    privacy: 'Cómo tratamos tus datos',
    heading: /^(Aviso|Política) de privacidad$/,
    who: 'Quién es el responsable',
    owner: 'Más información del restaurante',
    manage: 'Manejar Cuenta',
  },
  en: {
    register: 'Sign up for more features',
    dialog: 'Create Account',
    mailing: 'Receive promotions by email',
    whatsapp: 'Receive WhatsApp notifications',
    privacy: 'How we handle your data',
    heading: /^Privacy (notice|policy)$/,
    who: 'Who is responsible',
    owner: 'More from the restaurant',
    manage: 'Manage Account',
  },
} as const;

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

for (const lang of ['es', 'en'] as Lang[]) {
  const tx = texts[lang];

  test(`the registration dialog's consent boxes start unticked, and link to the privacy notice [${lang}]`, async ({ page, context }) => {
    await context.addInitScript((l) => window.localStorage.setItem('language', l), lang);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/restaurante/1');
      // The promotion opens on the first visit only.
      if (width === 390) await closePromotion(page);
      await page.getByRole('button', { name: tx.register }).click();
      const dialog = page.getByRole('dialog', { name: tx.dialog });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('checkbox', { name: tx.mailing })).not.toBeChecked();
      await expect(dialog.getByRole('checkbox', { name: tx.whatsapp })).not.toBeChecked();
      await expect(dialog.getByRole('link', { name: tx.privacy })).toHaveAttribute('href', '/privacidad/1');
      await dialog.getByRole('checkbox', { name: tx.mailing }).scrollIntoViewIfNeeded();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/registration-${lang}-${width}.png`, fullPage: false });
    }
  });

  test(`the privacy notice is written from the restaurant's data, with the owner's text, and passes axe [${lang}]`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    // The owner adds a text in 'Configuraciones' → 'Privacidad' (Spanish: the staff's language here).
    const note = `Peticiones sobre datos: datos@lacava.example (${unique('p')})`;
    await signInStaff(context, request, accounts.owner, baseURL!);
    await page.goto('/settings?cliente_id=1');
    const card = page.getByRole('region', { name: 'Privacidad' });
    await card.getByLabel('Texto adicional (opcional)').fill(note);
    await card.getByRole('button', { name: 'Guardar texto' }).click();
    await expect(card.getByText('Texto guardado.')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Ver el aviso de privacidad' })).toHaveAttribute('href', '/privacidad/1');
    if (SHOTS && lang === 'es') {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/settings-privacy-${width}.png`, fullPage: false });
      }
    }

    await context.addInitScript((l) => window.localStorage.setItem('language', l), lang);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/privacidad/1');
      const doc = page.getByRole('article');
      await expect(doc.getByRole('heading', { level: 1 })).toHaveText(tx.heading);
      await expect(doc.getByRole('heading', { level: 2, name: tx.who })).toBeVisible();
      await expect(doc.getByText('La Cava Demo').first()).toBeVisible();
      await expect(doc.getByRole('heading', { level: 2, name: tx.owner })).toBeVisible();
      await expect(doc.getByText(note)).toBeVisible();
      await expect(doc.getByRole('link', { name: tx.manage }).first()).toHaveAttribute('href', '/usuario/cuenta?menu=1');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/privacy-${lang}-${width}.png`, fullPage: true });
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(wide, 'sideways scroll (px)').toBe(0);
      expect(await seriousViolations(page), 'serious or critical axe violations').toEqual([]);
    }
  });
}

test("'Manejar Cuenta' changes both consents, and links to the privacy notice", async ({ page, context, request, baseURL }) => {
  // A diner of this test's own (the worker's shared one is another test's), who ticked nothing.
  const diner = await registerDiner(request, { nombre: 'Consuelo' });
  const session = await signInDiner(context, request, diner, baseURL!);
  await page.goto('/usuario/cuenta?menu=1');
  const mailing = page.getByLabel('Recibir promociones por correo electrónico');
  const whatsapp = page.getByLabel('Recibir notificaciones por WhatsApp');
  await expect(mailing).not.toBeChecked();
  await expect(whatsapp).not.toBeChecked();
  await expect(page.getByRole('link', { name: 'Cómo tratamos tus datos' })).toHaveAttribute('href', '/privacidad/1');
  await mailing.check();
  await whatsapp.check();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Cambios guardados.')).toBeVisible();
  await page.reload();
  await expect(mailing).toBeChecked();
  await expect(whatsapp).toBeChecked();
  // Withdrawn as easily.
  await mailing.uncheck();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Cambios guardados.')).toBeVisible();
  await page.reload();
  await expect(mailing).not.toBeChecked();
  await expect(whatsapp).toBeChecked();
  expect(await dinerProfile(request, session)).toMatchObject({ suscrito_mailing: false, whatsapp_notificaciones: true });
});
