import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RestaurantSettings } from '../../../api/settings';
import { COUNTRIES, countryName } from '../../../lib/countries';
import { formatCents } from '../../../lib/money';
import { formatTimestamp } from '../../../lib/dates';
import { clienteQueryOptions } from '../api/webhook-api';

/**
 * The restaurant's country and what it implies, read-only: Carta's super
 * admin sets the country (and with it the currency, the locale and the
 * time zone); the owner sees how prices and dates are written, in both UI
 * languages, and the tax mode the menu's prices are in (its POS merchant's:
 * VAT included, as in Spain, or tax added at checkout). When the country's
 * prices include VAT but the connected POS merchant adds tax on top, it says
 * so: the diners there would see a tax added to the prices on the menu. (A
 * restaurant with no POS yet has no mode of its own to warn about.)
 */
export function CountrySection({ settings }: { settings: RestaurantSettings }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const sample = Date.UTC(2026, 11, 15, 13, 5) / 1000;
  const zone = settings.zona_horaria;
  const cliente = useQuery(clienteQueryOptions(String(settings.cliente_id)));
  const posConnected = cliente.data?.pos_conectado === true && !cliente.data.pos_reconectar;
  const vatCountry = COUNTRIES.find((c) => c.pais === settings.pais)?.tax_mode === 'inclusive';
  const example = (tag: string) =>
    `${formatCents(950, settings.moneda, tag)} · ${formatTimestamp(sample, tag.split('-')[0], zone)}`;
  return (
    <section className="settings-section" aria-labelledby={id} data-testid="settings-country">
      <h2 id={id} className="section-title">
        {t('settings.countryTitle')}
      </h2>
      <dl className="settings-country">
        <dt>{t('settings.country')}</dt>
        <dd>
          {countryName(settings.pais, i18n.language)} ({settings.pais})
        </dd>
        <dt>{t('settings.currency')}</dt>
        <dd>{settings.moneda}</dd>
        <dt>{t('settings.locale')}</dt>
        <dd>
          {settings.locales.es}: {example(settings.locales.es)}
          <br />
          {settings.locales.en}: {example(settings.locales.en)}
        </dd>
        <dt>{t('settings.timeZone')}</dt>
        <dd>{zone}</dd>
        <dt>{t('settings.taxMode')}</dt>
        <dd data-testid="settings-tax-mode">
          {settings.impuestos_incluidos ? t('settings.taxIncluded') : t('settings.taxAdded')}{' '}
          <span className="muted">{t('settings.taxModeSource')}</span>
        </dd>
      </dl>
      {vatCountry && posConnected && !settings.impuestos_incluidos && (
        <p className="dashboard-alert" role="note" data-testid="settings-tax-mismatch">
          {t('settings.taxMismatch', { country: countryName(settings.pais, i18n.language) })}
        </p>
      )}
      <p className="muted">{t('settings.countryHint')}</p>
    </section>
  );
}
