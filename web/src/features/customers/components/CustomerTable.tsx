import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';
import { formatCents } from '../../../lib/money';
import type { Comensal } from '../api/customers-api';

/**
 * The restaurant's customers (diners with an account, and guests, marked
 * 'Invitado'): a table on a desktop, one card per customer on a phone
 * (customers.css turns the rows into cards, each cell labelled by its
 * data-label).
 */
export function CustomerTable({ customers, moneda }: { customers: Comensal[]; moneda: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <table className="customers-table">
      <caption className="visually-hidden">{t('customers.tableCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('customers.colName')}</th>
          <th scope="col">{t('customers.colContact')}</th>
          <th scope="col">{t('customers.colLastVisit')}</th>
          <th scope="col" className="customers-num">
            {t('customers.colCoupons')}
          </th>
          <th scope="col" className="customers-num">
            {t('customers.colOrders')}
          </th>
          <th scope="col" className="customers-num">
            {t('customers.colSpent')}
          </th>
          <th scope="col" className="customers-num">
            {t('customers.colPoints')}
          </th>
        </tr>
      </thead>
      <tbody>
        {customers.map((c) => (
          <tr key={`${c.invitado ? 'g' : 'u'}${c.id}`} data-testid="customer-row">
            <th scope="row" className="customers-name">
              <span className="customers-name__text">
                {c.nombre}
                {c.invitado && (
                  <>
                    {' '}
                    <span className="customers-guest">
                      {t('customers.guest')}
                    </span>
                  </>
                )}
              </span>
              <span className="customers-sub">{t('customers.since', { date: formatDate(c.registrado_at, lang) })}</span>
            </th>
            <td data-label={t('customers.colContact')}>
              <Contact customer={c} />
            </td>
            <td data-label={t('customers.colLastVisit')}>{formatDate(c.ultima_visita, lang)}</td>
            <td data-label={t('customers.colCoupons')} className="customers-num">
              {c.cupones}
            </td>
            <td data-label={t('customers.colOrders')} className="customers-num">
              {c.pedidos}
            </td>
            <td data-label={t('customers.colSpent')} className="customers-num">
              {formatCents(c.gastado, moneda, lang)}
            </td>
            <td data-label={t('customers.colPoints')} className="customers-num">
              {c.puntos}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The e-mail and phone the diner allowed, as links; else 'Sin permiso de contacto'. */
function Contact({ customer: c }: { customer: Comensal }) {
  const { t } = useTranslation();
  if (!c.email && !c.telefono) return <span className="muted">{t('customers.noContact')}</span>;
  return (
    <span className="customers-contact">
      {c.email && (
        <a href={`mailto:${c.email}`}>
          {c.email}
        </a>
      )}
      {c.telefono && (
        <a href={`tel:${c.telefono.replace(/[^\d+]/g, '')}`}>
          {c.telefono}
        </a>
      )}
    </span>
  );
}
