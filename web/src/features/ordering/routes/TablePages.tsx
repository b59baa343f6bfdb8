import { Navigate, Route, Routes, useParams } from 'react-router';
import TableLandingPage from './TableLandingPage';
import TabPage from './TabPage';
import TabReceiptPage from './TabReceiptPage';

/**
 * A table's pages as one lazy route module: the QR's landing
 * (/mesa/:cliente_id/:codigo), the tab (/cuenta/:id) and a tab payment's
 * receipt (/cuenta/:id/pago/:pago_id). One module, so the app's entry
 * (which the diner menu loads, at its JavaScript budget) names one chunk
 * and declares two routes instead of three pages.
 */
export default function TablePages() {
  const { codigo } = useParams();
  if (codigo !== undefined) return <TableLandingPage />;
  return (
    <Routes>
      <Route path=":id" element={<TabPage />} />
      <Route path=":id/pago/:pago_id" element={<TabReceiptPage />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
