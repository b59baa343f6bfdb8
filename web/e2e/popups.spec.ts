import { accounts, expect, test } from './fixtures';
import { closePromotion, makePng } from './helpers';
import { createPopup, signInStaff, staffLogin, unique } from './api';

// Restaurant 1's promotion as a diner sees it (one rule per test), and the
// owner's popups page (restaurant 2).

test('the promotion opens on a first visit; closed, it stays closed, even before the app code runs', async ({ page }) => {
  // First visit: the newest popup of restaurant 1 opens by itself.
  await page.goto('/menu/1');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog.getByRole('img')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cerrar' })).toBeFocused();
  // The server's static copy of the promotion is gone once the app's dialog is up.
  await expect(page.locator('#menu-shell')).toHaveCount(0);

  // Escape closes it; a reload keeps it closed.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const reopen = page.getByRole('button', { name: 'Ver Promoción' });
  await expect(reopen).toBeVisible();
  // A closed promotion is not painted by the server's copy either: the
  // inline script removes it before the first paint.
  const shellOnLoad = await page.evaluate(async () => {
    const html = await (await fetch(location.pathname)).text();
    return html.includes('id="menu-shell"');
  });
  expect(shellOnLoad).toBe(true);
  // Without the app's code (blocked), only the inline script can remove it.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  expect(await page.evaluate(() => document.getElementById('menu-shell') === null)).toBe(true);
  await page.unroute('**/assets/*.js');
  await page.reload();
  await expect(page.getByRole('link', { name: 'Entradas' })).toBeVisible();
  await expect(reopen).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('the floating button reopens a closed promotion', async ({ page }) => {
  await page.goto('/menu/1');
  await closePromotion(page);
  const dialog = page.getByRole('dialog');
  const reopen = page.getByRole('button', { name: 'Ver Promoción' });
  await reopen.click();
  await expect(dialog).toBeVisible();
  await closePromotion(page);
  await page.reload();
  await expect(reopen).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('a closed promotion reappears when the owner uploads a new one', async ({ page, request }) => {
  await page.goto('/menu/1');
  await closePromotion(page);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Ver Promoción' })).toBeVisible();

  // The owner's popups form is tested below: here it is uploaded through the API.
  const name = `Promo ${unique('')}`;
  await createPopup(request, await staffLogin(request, accounts.owner), 1, name);

  // The diner's next visit shows the new promotion again.
  await page.reload();
  await expect(page.getByRole('dialog', { name })).toBeVisible();
});

test('the owner manages popups: preview, unsupported format, create and delete', async ({ page, context, request, baseURL }) => {
  await signInStaff(context, request, accounts.owner2, baseURL!);
  await page.goto('/popups?cliente_id=2');
  await expect(page.getByRole('heading', { name: 'Gestión de Popups' })).toBeVisible();
  const file = page.getByLabel('Archivo (imagen, GIF o video)');
  await expect(file).toHaveAttribute('accept', 'image/*,video/*');

  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
  await expect(page.getByRole('alert')).toHaveText('Formato no soportado.');

  const name = `Taco Tuesday ${unique('')}`;
  await page.getByLabel('Nombre del popup').fill(name);
  await file.setInputFiles({ name: 'taco.png', mimeType: 'image/png', buffer: makePng(40, 40, [10, 120, 30]) });
  await expect(page.getByTestId('popup-preview')).toBeVisible();
  await page.getByRole('button', { name: 'Crear Popup' }).click();
  await expect(page.getByText('Popup creado exitosamente.')).toBeVisible();
  await expect(page.getByLabel('Nombre del popup')).toHaveValue('');
  const item = page.getByTestId('popup-item').filter({ has: page.getByRole('heading', { name }) });
  await expect(item.getByRole('img')).toBeVisible();

  await item.getByRole('button', { name: 'Eliminar Popup' }).click();
  await expect(page.getByText('Popup eliminado correctamente.')).toBeVisible();
  await expect(page.getByRole('heading', { name })).toHaveCount(0);
});

// The promotion's data can arrive before the categories' (a slow network):
// the app's dialog then renders while the app is still hidden behind the
// server's first view. The server's copy of the promotion stays until the
// app's dialog is on screen (never a frame with neither), and the dialog
// takes the focus when it becomes visible. The categories' answer is held
// until the app's dialog has rendered, hidden: the order is forced, not timed.
for (const [lang, width] of [
  ['es', 390],
  ['es', 1280],
  ['en', 390],
  ['en', 1280],
] as const) {
  test(`the promotion takes the focus when the categories answer late (${lang}, ${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    if (lang === 'en') await page.addInitScript(() => window.localStorage.setItem('language', 'en'));
    // Records whether a frame could show no promotion: the server's copy
    // gone while the app's dialog is not visible yet.
    await page.addInitScript(() => {
      const w = window as unknown as { promoGap: boolean; promoShown: boolean };
      w.promoGap = false;
      w.promoShown = false;
      let copySeen = false;
      new MutationObserver(() => {
        if (w.promoShown) return;
        const dialog = document.querySelector<HTMLElement>('[role="dialog"].promo');
        if (dialog?.checkVisibility()) {
          w.promoShown = true;
          return;
        }
        if (document.getElementById('menu-shell')) copySeen = true;
        else if (copySeen) w.promoGap = true;
      }).observe(document, { childList: true, subtree: true });
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/categories',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto('/menu/1');
    // The app's dialog has rendered while the categories are held.
    await expect(page.locator('[role="dialog"].promo')).toBeAttached();
    if (lang === 'es') {
      // Spanish visitors get the server's first view: the app is hidden
      // behind it, and the server's copy of the promotion is still up.
      await expect(page.locator('#first-view')).toBeAttached();
      await expect(page.locator('#menu-shell')).toBeVisible();
    }
    release();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const close = dialog.getByRole('button', { name: lang === 'es' ? 'Cerrar' : 'Close' });
    await expect(close).toBeFocused();
    await expect(page.locator('#menu-shell')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { promoGap: boolean }).promoGap)).toBe(false);
    // Tab stays inside the modal, Escape closes it.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: lang === 'es' ? 'Ver Promoción' : 'View Promotion' })).toBeFocused();
  });
}
