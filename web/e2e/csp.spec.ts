import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// The detector of fixtures.ts: every test fails on a Content-Security-Policy
// violation in any of its browser contexts. These tests cause one on purpose.

/** Appends an inline <script>: the policy (script-src 'self') must block it. */
async function injectInlineScript(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const w = window as unknown as { __inlineRan?: boolean };
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true;';
    document.body.append(s);
    return w.__inlineRan === true;
  });
}

test('an inline script on a Carta page is blocked and recorded', async ({ page, csp, baseURL }) => {
  csp.expectViolations();

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
  expect(await injectInlineScript(page)).toBe(false);
  await expect
    .poll(() => csp.violations.filter((v) => v.via === 'event'))
    .toEqual([
      expect.objectContaining({ page: `${baseURL}/login`, directive: 'script-src-elem', blockedURI: 'inline' }),
    ]);
  // Chromium's console message about it is recorded too.
  await expect
    .poll(() => csp.violations.filter((v) => v.via === 'console').map((v) => v.detail))
    .toEqual([expect.stringMatching(/inline script.*Content Security Policy/)]);
});

test('violations in extra browser contexts are recorded too', async ({ browser, newContext, csp, baseURL }) => {
  csp.expectViolations();

  // A context from the newContext fixture, on a diner menu page (its own policy, with the page's hash).
  const diner = await (await newContext()).newPage();
  await diner.goto('/menu/1');
  await expect(diner.getByRole('heading', { level: 1, name: 'Menú Digital' })).toBeVisible();
  expect(await injectInlineScript(diner)).toBe(false);
  await expect
    .poll(() => csp.violations.filter((v) => v.via === 'event').map((v) => v.page))
    .toEqual([`${baseURL}/menu/1`]);

  // A page the test opens straight from the browser is recorded as well.
  const other = await browser.newPage();
  await other.goto('/login');
  expect(await injectInlineScript(other)).toBe(false);
  await expect
    .poll(() => csp.violations.filter((v) => v.via === 'event').map((v) => v.page))
    .toEqual([`${baseURL}/menu/1`, `${baseURL}/login`]);
  await other.close();
});

test('a page without violations records none', async ({ page, csp }) => {
  await page.goto('/menu/1');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
  expect(csp.violations).toEqual([]);
});

test('a violation the test does not expect fails it', async ({ page }) => {
  // Expected to fail: the csp fixture's teardown fails the test with the
  // violation. If this test "passes unexpectedly", the detector is broken.
  test.fail();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
  expect(await injectInlineScript(page)).toBe(false);
});
