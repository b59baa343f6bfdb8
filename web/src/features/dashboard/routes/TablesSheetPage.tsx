import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/Form';
import { RestaurantPage } from '../../../components/RestaurantPage';
import { markQRPrinted } from '../api/first-steps';
import { MAX_TABLES, menuPath, parseTables, qrSrc } from '../lib/tables';
import '../dashboard.css';

/** /mesas?cliente_id=&mesas=N: one QR code per table, laid out to print (print CSS hides the rest). */
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
  const [params] = useSearchParams();
  const count = parseTables(params.get('mesas'));
  const queryClient = useQueryClient();
  // Opening the sheet is the first-run checklist's 'Imprime los códigos QR'.
  useEffect(() => {
    if (count !== null) markQRPrinted(queryClient, clienteId);
  }, [count, queryClient, clienteId]);
  if (count === null) return <FormError error={t('tables.invalid', { max: MAX_TABLES })} />;
  const tables = Array.from({ length: count }, (_, i) => i + 1);
  return (
    <>
      <div className="tables-sheet__head no-print">
        <p className="muted">{t('tables.printHint', { count })}</p>
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          {t('tables.print')}
        </button>
      </div>
      <ol className="tables-sheet" data-testid="tables-sheet">
        {tables.map((mesa) => {
          const path = menuPath(clienteId, mesa);
          return (
            <li key={mesa} className="tables-sheet__item">
              <img src={qrSrc(clienteId, 'svg', mesa)} alt={t('tables.qrAlt', { mesa })} width={150} height={150} />
              <strong className="tables-sheet__number">{t('tables.table', { mesa })}</strong>
              <span className="tables-sheet__url">{`${window.location.origin}${path}`}</span>
            </li>
          );
        })}
      </ol>
    </>
  );
}
