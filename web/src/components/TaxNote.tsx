import { useTranslation } from 'react-i18next';

/**
 * 'IVA incluido' / 'VAT included' beside a restaurant's prices when they
 * include the tax (its settings' `impuestos_incluidos`: a VAT merchant, as
 * in Spain), so a diner knows the price is what they pay; nothing for a
 * restaurant whose tax is added at checkout. The menu's products and
 * 'Ordena en Línea' show it.
 */
export function TaxNote({ included }: { included: boolean | undefined }) {
  const { t } = useTranslation();
  if (!included) return null;
  return (
    <p className="tax-note" data-testid="tax-note">
      {t('menu.vatIncluded')}
    </p>
  );
}
