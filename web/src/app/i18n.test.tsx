import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { mockFetch, renderApp, resetLanguage } from '../test/utils';
import esMain from '../i18n/locales/es.json';
import enMain from '../i18n/locales/en.json';
import esStaff from '../i18n/locales/es.staff.json';
import enStaff from '../i18n/locales/en.staff.json';
import esAccess from '../i18n/locales/es.access.json';
import enAccess from '../i18n/locales/en.access.json';
import esCheckout from '../i18n/locales/es.checkout.json';
import enCheckout from '../i18n/locales/en.checkout.json';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

const es = [...keys(esMain), ...keys(esStaff), ...keys(esAccess), ...keys(esCheckout)];
const en = [...keys(enMain), ...keys(enStaff), ...keys(enAccess), ...keys(enCheckout)];

describe('language', () => {
  beforeEach(resetLanguage);

  it('switches the texts to English, persists the choice and sets <html lang>', async () => {
    const { calls } = mockFetch({ 'POST /api/login': { status: 401, body: { error: 'Invalid credentials.' } } });
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Iniciar Sesión' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');

    await user.type(screen.getByLabelText('Email'), 'a@b.c');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await screen.findByRole('alert');
    expect(calls[0].headers['Accept-Language']).toBe('en');

    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(await screen.findByRole('heading', { name: 'Iniciar Sesión' })).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('es');
    expect(document.documentElement.lang).toBe('es');
  });

  it('has the same keys in both languages', () => {
    expect(en.sort()).toEqual(es.sort());
  });

  it('has the same keys in both languages file by file (each part loads on its own)', () => {
    for (const [esPart, enPart] of [
      [esMain, enMain],
      [esStaff, enStaff],
      [esAccess, enAccess],
      [esCheckout, enCheckout],
    ])
      expect(keys(enPart).sort()).toEqual(keys(esPart).sort());
  });

  it('types the keys from the Spanish texts: an unknown key fails the type-check (i18next.d.ts)', () => {
    // @ts-expect-error -- 'no.such.key' is no text: tsc refuses it (and this line fails tsc if the keys stop being typed).
    expect(i18next.t('no.such.key')).toBe('no.such.key');
    expect(i18next.t('fees.loadError')).not.toBe('fees.loadError');
  });

  it('keeps the staff texts out of the diner chunk, without a key in both', () => {
    for (const k of Object.keys(esStaff)) expect(esMain).not.toHaveProperty(k);
    expect(Object.keys(esStaff).sort()).toEqual(Object.keys(enStaff).sort());
  });

  it('keeps the access and checkout pages\' texts out of the diner chunk, without a text in both', () => {
    const main = new Set(keys(esMain));
    for (const k of [...keys(esAccess), ...keys(esCheckout)]) expect(main.has(k), k).toBe(false);
  });
});
