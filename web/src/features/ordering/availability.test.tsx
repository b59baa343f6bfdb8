import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { Availability } from '../../api/contract';
import '../../app/i18n';
import { resetLanguage } from '../../test/utils';
import { AvailabilityNotice } from './components/AvailabilityNotice';
import { openNow } from './test-data';

// The clock as the locale prints it, or a forced text (no English locale
// the app uses prints "a.m." today; one may).
const clock = vi.hoisted(() => ({ forced: null as string | null }));
vi.mock('../../lib/clock', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/clock')>();
  return { ...real, formatClock: (...args: Parameters<typeof real.formatClock>) => clock.forced ?? real.formatClock(...args) };
});

// 2:45 in the morning and 2:45 in the afternoon in New York (EST, UTC−5).
const MORNING = Date.UTC(2030, 0, 15, 7, 45) / 1000;
const AFTERNOON = Date.UTC(2030, 0, 15, 19, 45) / 1000;
const paused = (until: number): Availability => ({
  ...openNow,
  abierto: false,
  pausado: true,
  pausado_hasta: until,
  lo_antes_posible: null,
  franjas: [],
  motivo: 'pausado',
});

describe('the pause notice', () => {
  beforeEach(resetLanguage);
  afterEach(() => {
    clock.forced = null;
  });

  const text = () => screen.getByTestId('availability-notice').textContent ?? '';

  it.each([
    ['es', MORNING, /^No se aceptan pedidos ahora\. El restaurante pausó los pedidos en línea hasta las 2:45\sa\.\s?m\.$/],
    ['es', AFTERNOON, /^No se aceptan pedidos ahora\. El restaurante pausó los pedidos en línea hasta las 2:45\sp\.\s?m\.$/],
    ['en', MORNING, /^Orders are not being taken now\. The restaurant paused online orders until 2:45\sAM\.$/],
  ])('ends with one full stop (%s, the clock as the locale prints it)', async (lang, at, want) => {
    await i18next.changeLanguage(lang);
    render(<AvailabilityNotice availability={paused(at)} />);
    expect(text()).toMatch(want);
    expect(text()).not.toMatch(/\.\.$/);
  });

  it.each([
    ['es', '2:45 a.m.', 'No se aceptan pedidos ahora. El restaurante pausó los pedidos en línea hasta las 2:45 a.m.'],
    ['en', '2:45 a.m.', 'Orders are not being taken now. The restaurant paused online orders until 2:45 a.m.'],
    ['es', '14:45', 'No se aceptan pedidos ahora. El restaurante pausó los pedidos en línea hasta las 14:45.'],
    ['en', '14:45', 'Orders are not being taken now. The restaurant paused online orders until 14:45.'],
  ])('never doubles the full stop (%s, %s)', async (lang, forced, want) => {
    clock.forced = forced;
    await i18next.changeLanguage(lang);
    render(<AvailabilityNotice availability={paused(MORNING)} />);
    expect(text()).toBe(want);
  });
});
