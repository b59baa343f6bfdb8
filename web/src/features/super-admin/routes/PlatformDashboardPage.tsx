import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormActions, FormError, Notice, SubmitButton, type Message } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { countryName } from '../../../lib/countries';
import { formatDate } from '../../../lib/dates';
import { useDebounced } from '../../../lib/use-debounced';
import { ESTADOS, clientsQueryOptions, platformKeys, updateClient, type Cliente, type ClientsFilter, type SentLink } from '../api/platform-api';
import { ActionsMenu, type MenuAction } from '../components/ActionsMenu';
import { CountryField } from '../components/CountryField';
import { NewRestaurantDialog } from '../components/NewRestaurantDialog';
import { PlatformModal } from '../components/PlatformModal';
import { SendLinkDialog } from '../components/SendLinkDialog';
import { EstadoBadge, PosBadge } from '../components/EstadoBadge';
import { LinkSentNotice } from '../components/LinkSentNotice';
import '../platform.css';

export const PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;

type Dialog = { kind: 'link' | 'estado' | 'pais'; cliente: Cliente } | { kind: 'new' } | null;

/** Where 'Configuración Clover' opens for a restaurant: its merchant, name and e-mail filled in. */
function cloverAuthPath(c: Cliente): string {
  return `/super-admin/clover-auth?${new URLSearchParams({ merchant_id: c.merchant_id ?? '', nombre: c.nombre, email: c.email })}`;
}

/**
 * 'Dashboard de Super Admin': every restaurant, searchable and paged. On a
 * laptop a table as wide as the page (ID, restaurant, Merchant ID, Estado,
 * point of sale, Próximo Pago, Acciones); below 900 px one card per
 * restaurant. A row's actions are one menu ('Acciones').
 */
export default function PlatformDashboardPage() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const qc = useQueryClient();
  const [search, setSearch] = useState('');
  const q = useDebounced(search, SEARCH_DELAY_MS);
  const [estado, setEstado] = useState<ClientsFilter['estado']>('');
  const [offset, setOffset] = useState(0);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [message, setMessage] = useState<Message>(null);
  const [sent, setSent] = useState<(SentLink & { nombre: string }) | null>(null);

  // A new search or filter starts on the first page.
  const [lastFilter, setLastFilter] = useState({ q, estado });
  if (lastFilter.q !== q || lastFilter.estado !== estado) {
    setLastFilter({ q, estado });
    setOffset(0);
  }

  const filter: ClientsFilter = { q, estado, limit: PAGE_SIZE, offset };
  const query = useQuery(clientsQueryOptions(filter));

  const saveDate = useMutation({
    mutationFn: ({ cliente, fecha }: { cliente: Cliente; fecha: string }) => updateClient(cliente.id, { fecha_proximo_pago: fecha }),
    onSuccess: (c) => {
      setMessage({ kind: 'ok', text: t('platform.dateSaved', { nombre: c.nombre }) });
      void qc.invalidateQueries({ queryKey: platformKeys.clients() });
    },
    onError: (err) => setMessage({ kind: 'error', text: errorText(err, t('platform.saveError'), t('errors.network')) }),
  });

  function onCreated(c: Cliente) {
    setDialog(null);
    setMessage({ kind: 'ok', text: t('platform.created', { nombre: c.nombre, id: c.id }) });
    void qc.invalidateQueries({ queryKey: platformKeys.all });
  }

  function openLink(c: Cliente) {
    if (!c.merchant_id) {
      setMessage({ kind: 'error', text: t('platform.noMerchant') });
      return;
    }
    setMessage(null);
    setDialog({ kind: 'link', cliente: c });
  }

  function actions(c: Cliente): MenuAction[] {
    const list: MenuAction[] = [
      { id: 'link', label: t('platform.sendLink'), onSelect: () => openLink(c) },
      { id: 'panel', label: t('platform.openPanel'), to: `/super-admin/dashboard/${c.id}` },
    ];
    list.push({
      id: 'pais',
      label: t('platform.changeCountry'),
      onSelect: () => {
        setMessage(null);
        setDialog({ kind: 'pais', cliente: c });
      },
    });
    if (c.pos_reconectar) list.push({ id: 'pos', label: t('platform.reconnectPos'), to: cloverAuthPath(c) });
    else if (!c.pos_conectado) list.push({ id: 'pos', label: t('platform.connectPos'), to: cloverAuthPath(c) });
    list.push({
      id: 'estado',
      label: c.estado === 'suspendido' ? t('platform.reactivate') : t('platform.suspend'),
      danger: c.estado !== 'suspendido',
      onSelect: () => {
        setMessage(null);
        setDialog({ kind: 'estado', cliente: c });
      },
    });
    return list;
  }

  const lang = i18n.resolvedLanguage ?? i18n.language;
  const total = query.data?.total ?? 0;
  const rows = query.data?.clientes ?? [];
  let body;
  if (query.isPending) body = <p role="status">{t('platform.loading')}</p>;
  else if (query.isError) body = <FormError error={errorText(query.error, t('platform.loadError'), t('platform.serverUnreachable'))} />;
  else if (rows.length === 0) body = <p className="muted">{q || estado ? t('platform.noMatches') : t('platform.empty')}</p>;
  else
    body = (
      <>
        <table className="platform-table platform-clients">
          <caption className="visually-hidden">{t('platform.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col" className="platform-clients__id">
                {t('platform.colId')}
              </th>
              <th scope="col">{t('platform.colName')}</th>
              <th scope="col">{t('platform.colMerchant')}</th>
              <th scope="col">{t('platform.colEstado')}</th>
              <th scope="col">{t('platform.colPos')}</th>
              <th scope="col">{t('platform.colNextPayment')}</th>
              <th scope="col">{t('platform.colActions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.id} data-testid={`cliente-${c.id}`}>
                <td data-label={t('platform.colId')} className="platform-clients__id">
                  #{c.id}
                </td>
                <th scope="row" className="platform-clients__name">
                  <span className="platform-name">{c.nombre}</span>
                  {c.email && <span className="platform-sub">{c.email}</span>}
                </th>
                <td data-label={t('platform.colMerchant')}>{c.merchant_id ? <code className="platform-code">{c.merchant_id}</code> : '—'}</td>
                <td data-label={t('platform.colEstado')}>
                  <span className="platform-cell">
                    <EstadoBadge estado={c.estado} />
                    {!!c.enlace_caduca && (
                      <span className="platform-sub">{t('platform.linkPending', { fecha: formatDate(c.enlace_caduca, lang) })}</span>
                    )}
                  </span>
                </td>
                <td data-label={t('platform.colPos')}>
                  <PosBadge cliente={c} />
                </td>
                <td data-label={t('platform.colNextPayment')}>
                  <NextPaymentInput
                    key={`${c.id}-${c.fecha_proximo_pago ?? ''}`}
                    cliente={c}
                    label={t('platform.nextPaymentOf', { nombre: c.nombre })}
                    disabled={saveDate.isPending}
                    onSave={(fecha) => saveDate.mutate({ cliente: c, fecha })}
                  />
                </td>
                <td data-label={t('platform.colActions')} className="platform-clients__actions">
                  <ActionsMenu label={t('platform.colActions')} name={c.nombre} items={actions(c)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="platform-pager">
          <p className="muted" role="status">
            {t('platform.showing', { from: offset + 1, to: offset + rows.length, total })}
          </p>
          <div className="platform-pager__buttons">
            <button type="button" className="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
              {t('platform.previous')}
            </button>
            <button type="button" className="button" disabled={offset + rows.length >= total} onClick={() => setOffset(offset + PAGE_SIZE)}>
              {t('platform.next')}
            </button>
          </div>
        </div>
      </>
    );

  return (
    <section className="card platform-dashboard">
      <div className="page-head">
        <h1>{t('platform.title')}</h1>
        <div className="platform-actions">
          <Link className="button" to="/super-admin">
            {t('platform.backHome')}
          </Link>
          <Link className="button" to="/super-admin/clover-auth">
            {t('superAdmin.cloverAuth')}
          </Link>
          <button type="button" className="button button--primary" onClick={() => setDialog({ kind: 'new' })}>
            {t('platform.newRestaurant')}
          </button>
        </div>
      </div>
      <div className="platform-toolbar" role="search">
        <div className="field">
          <label htmlFor={`${id}-q`}>{t('platform.search')}</label>
          <input id={`${id}-q`} type="search" value={search} placeholder={t('platform.searchPlaceholder')} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-estado`}>{t('platform.filterEstado')}</label>
          <select id={`${id}-estado`} value={estado} onChange={(e) => setEstado(e.target.value as ClientsFilter['estado'])}>
            <option value="">{t('platform.allEstados')}</option>
            {ESTADOS.map((e) => (
              <option key={e} value={e}>
                {t(`platform.estado.${e}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {sent && <LinkSentNotice key={sent.enlace} sent={sent} nombre={sent.nombre} onDismiss={() => setSent(null)} />}
      <Notice message={message} />
      {body}
      {dialog?.kind === 'link' && (
        <SendLinkDialog
          cliente={dialog.cliente}
          onClose={() => setDialog(null)}
          onSent={(s) => {
            setDialog(null);
            setMessage(null);
            setSent({ ...s, nombre: dialog.cliente.nombre });
          }}
        />
      )}
      {dialog?.kind === 'new' && <NewRestaurantDialog onClose={() => setDialog(null)} onCreated={onCreated} />}
      {dialog?.kind === 'pais' && (
        <CountryDialog
          cliente={dialog.cliente}
          onClose={() => setDialog(null)}
          onDone={(c) => {
            setDialog(null);
            setMessage({ kind: 'ok', text: t('platform.countrySaved', { nombre: c.nombre, pais: countryName(c.pais, lang) }) });
            void qc.invalidateQueries({ queryKey: platformKeys.all });
          }}
        />
      )}
      {dialog?.kind === 'estado' && (
        <EstadoDialog
          cliente={dialog.cliente}
          onClose={() => setDialog(null)}
          onDone={(c) => {
            setDialog(null);
            setMessage({ kind: 'ok', text: t(c.estado === 'suspendido' ? 'platform.suspended' : 'platform.reactivated', { nombre: c.nombre }) });
            void qc.invalidateQueries({ queryKey: platformKeys.all });
          }}
        />
      )}
    </section>
  );
}

const DATE_SAVE_DELAY_MS = 700;

/**
 * The 'Próximo Pago' cell: saved once the date stops changing (typing a
 * year digit by digit passes through valid dates such as 0002-01-15), or
 * when the field loses the focus.
 */
function NextPaymentInput({
  cliente,
  label,
  disabled,
  onSave,
}: {
  cliente: Cliente;
  label: string;
  disabled: boolean;
  onSave: (fecha: string) => void;
}) {
  const [value, setValue] = useState(cliente.fecha_proximo_pago ?? '');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function flush(fecha: string) {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (/^(19|20|21)\d{2}-\d{2}-\d{2}$/.test(fecha) && fecha !== cliente.fecha_proximo_pago) onSave(fecha);
  }

  return (
    <input
      type="date"
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => {
        const fecha = e.target.value;
        setValue(fecha);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => flush(fecha), DATE_SAVE_DELAY_MS);
      }}
      onBlur={() => {
        if (timer.current !== undefined) flush(value);
      }}
    />
  );
}

/** Confirms suspending (or reactivating) a restaurant. */
function EstadoDialog({ cliente, onClose, onDone }: { cliente: Cliente; onClose: () => void; onDone: (c: Cliente) => void }) {
  const { t } = useTranslation();
  const suspend = cliente.estado !== 'suspendido';
  const mutation = useMutation({
    mutationFn: () => updateClient(cliente.id, { estado: suspend ? 'suspendido' : 'activo' }),
    onSuccess: onDone,
  });
  return (
    <PlatformModal title={t(suspend ? 'platform.suspendTitle' : 'platform.reactivateTitle', { nombre: cliente.nombre })} onClose={onClose} busy={mutation.isPending}>
      <p>{t(suspend ? 'platform.suspendConfirm' : 'platform.reactivateConfirm', { nombre: cliente.nombre })}</p>
      <FormError error={mutation.isError ? errorText(mutation.error, t('platform.saveError'), t('errors.network')) : null} />
      <FormActions className="platform-modal__actions" cancelLabel={t('platform.cancel')} onCancel={onClose} busy={mutation.isPending}>
        <SubmitButton
          type="button"
          busy={mutation.isPending}
          label={suspend ? t('platform.suspend') : t('platform.reactivate')}
          busyLabel={t('platform.saving')}
          onClick={() => mutation.mutate()}
        />
      </FormActions>
    </PlatformModal>
  );
}

/**
 * Moves a restaurant to another country (PUT /api/clients/{id} pais): its
 * currency, locale and default time zone follow the country.
 */
function CountryDialog({ cliente, onClose, onDone }: { cliente: Cliente; onClose: () => void; onDone: (c: Cliente) => void }) {
  const { t } = useTranslation();
  const [pais, setPais] = useState<Cliente['pais']>(cliente.pais);
  const mutation = useMutation({ mutationFn: () => updateClient(cliente.id, { pais }), onSuccess: onDone });
  return (
    <PlatformModal title={t('platform.countryTitle', { nombre: cliente.nombre })} onClose={onClose} busy={mutation.isPending}>
      <CountryField value={pais} onChange={(p) => setPais(p as Cliente['pais'])} />
      <FormError error={mutation.isError ? errorText(mutation.error, t('platform.saveError'), t('errors.network')) : null} />
      <FormActions className="platform-modal__actions" cancelLabel={t('platform.cancel')} onCancel={onClose} busy={mutation.isPending}>
        <SubmitButton
          type="button"
          busy={mutation.isPending}
          disabled={pais === cliente.pais}
          label={t('platform.saveCountry')}
          busyLabel={t('platform.saving')}
          onClick={() => mutation.mutate()}
        />
      </FormActions>
    </PlatformModal>
  );
}
