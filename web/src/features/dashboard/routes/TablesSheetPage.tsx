import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { FormActions, FormError, Notice, SubmitButton, type Message } from '../../../components/Form';
import { RestaurantPage } from '../../../components/RestaurantPage';
import { errorText, isApiError } from '../../../lib/api-client';
import { ORDER_SETTINGS_PATH, renewTableCodes, tablesSettingsKey, tablesSettingsQueryOptions, type TablesSettings } from '../../order-board';
import { markQRPrinted } from '../api/first-steps';
import { tablesQRKey, tablesQRQueryOptions } from '../api/tables-qr';
import { sectionHref } from '../lib/sections';
import '../dashboard.css';

/**
 * /mesas/codigos?cliente_id=: one QR code per table, each encoding the
 * table's secret URL (TableSetting.url), laid out to print (print CSS hides
 * the rest); 'Renovar códigos' replaces every code first. The server draws
 * the codes (GET /mesas/qr, SVG): the page carries no QR encoder.
 */
export default function TablesSheetPage() {
  const { t } = useTranslation();
  return (
    <RestaurantPage title={t('tables.title')} missingText={t('tables.missingClienteId')}>
      {(clienteId) => <TablesSheet key={clienteId} clienteId={clienteId} />}
    </RestaurantPage>
  );
}

function TablesSheet({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(tablesSettingsQueryOptions(clienteId));
  const codes = useQuery(tablesQRQueryOptions(clienteId));
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<Message>(null);
  const count = query.data?.mesas.length ?? 0;
  // Opening a sheet with codes is the first-run checklist's 'Imprime los códigos QR'.
  useEffect(() => {
    if (count > 0) markQRPrinted(queryClient, clienteId);
  }, [count, queryClient, clienteId]);

  if (query.isPending) return <p role="status">{t('app.loading')}</p>;
  if (query.isError) {
    const err = query.error;
    return <FormError error={isApiError(err) && err.status === 403 ? t('errors.forbidden') : errorText(err, t('tables.loadError'), t('errors.network'))} />;
  }
  const settings = `${sectionHref(ORDER_SETTINGS_PATH, clienteId)}#mesas`;
  if (count === 0)
    return (
      <p>
        {t('tables.none')} <Link to={settings}>{t('tables.toSettings')}</Link>
      </p>
    );

  const renewed = (answer: TablesSettings) => {
    queryClient.setQueryData(tablesSettingsKey(clienteId), answer);
    // Reset, not just invalidate: an old code must not sit beside a new URL
    // while the new codes load.
    void queryClient.resetQueries({ queryKey: tablesQRKey(clienteId) });
    setNotice({ kind: 'ok', text: t('tables.renewed') });
  };

  const names = (numero: number, nombre: string) => nombre.trim() || t('tables.table', { mesa: numero });
  return (
    <>
      <div className="tables-sheet__head no-print">
        <p className="muted">{t('tables.printHint', { count })}</p>
        <div className="tables-sheet__buttons">
          <button type="button" className="button" onClick={() => setConfirming(true)}>
            {t('tables.renew')}
          </button>
          <button type="button" className="button button--primary" onClick={() => window.print()}>
            {t('tables.print')}
          </button>
        </div>
        <p className="tables-sheet__edit">
          <Link to={settings}>{t('tables.edit')}</Link>
        </p>
      </div>
      <div className="no-print">
        <Notice message={notice} />
        {codes.isError && <FormError error={errorText(codes.error, t('tables.qrError'), t('errors.network'))} />}
      </div>
      <ol className="tables-sheet" data-testid="tables-sheet">
        {query.data.mesas.map((mesa) => {
          const name = names(mesa.numero, mesa.nombre);
          const svg = codes.data?.mesas.find((c) => c.id === mesa.id)?.svg;
          return (
            <li key={mesa.id} className="tables-sheet__item" data-testid="table-qr">
              {svg ? (
                <img
                  src={`data:image/svg+xml;base64,${btoa(svg)}`}
                  alt={t('tables.qrAlt', { mesa: name })}
                  width={150}
                  height={150}
                  data-qr-text={mesa.url}
                  className="qr-code"
                />
              ) : (
                <span className="qr-code qr-code--pending">
                  {codes.isPending ? t('tables.qrLoading', { mesa: name }) : null}
                </span>
              )}
              <strong className="tables-sheet__number">{name}</strong>
              <span className="tables-sheet__url">{mesa.url}</span>
            </li>
          );
        })}
      </ol>
      {confirming && <RenewDialog clienteId={clienteId} onRenewed={renewed} onClose={() => setConfirming(false)} />}
    </>
  );
}

/** 'Renovar códigos': the printed codes stop working, so it asks first. */
function RenewDialog({ clienteId, onRenewed, onClose }: { clienteId: string; onRenewed: (s: TablesSettings) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function renew() {
    setBusy(true);
    setError(null);
    try {
      onRenewed(await renewTableCodes(clienteId));
      onClose();
    } catch (err) {
      setError(errorText(err, t('tables.renewError'), t('errors.network')));
      setBusy(false);
    }
  }
  return (
    <Dialog backdropClassName="sheet-backdrop" className="sheet-dialog" labelledBy={`${id}-title`} describedBy={`${id}-warning`} onClose={onClose} busy={busy} portal>
      <h2 id={`${id}-title`}>{t('tables.renewTitle')}</h2>
      <p id={`${id}-warning`} className="sheet-dialog__note">
        {t('tables.renewWarning')}
      </p>
      <FormError error={error} />
      <FormActions className="sheet-dialog__actions" cancelLabel={t('tables.keepCodes')} onCancel={onClose} busy={busy}>
        <SubmitButton type="button" busy={busy} label={t('tables.renewConfirm')} busyLabel={t('tables.renewing')} onClick={() => void renew()} />
      </FormActions>
    </Dialog>
  );
}
