import type {
  Tab,
  TableInfo,
  TableOrderInput,
  TableOrderPlaced,
  TabPaymentInput,
  TabPaymentStarted,
  TabReceipt,
} from '../../../api/contract';
import { apiFetch } from '../../../lib/api-client';

/**
 * The diner's table calls (issue 31). Public: the table's printed code, the
 * tab's token (X-Cuenta-Token) and a payment's receipt secret (?p=) are the
 * credentials; no staff or diner token is sent.
 */

const q = encodeURIComponent;
const tabHeaders = (token: string) => (token ? { 'X-Cuenta-Token': token } : undefined);

/** GET /api/mesas/{cliente_id}/{codigo}: what a table's QR opens (404: an old or guessed code). */
export function getTable(clienteId: string, codigo: string, signal?: AbortSignal): Promise<TableInfo> {
  return apiFetch<TableInfo>(`/mesas/${q(clienteId)}/${q(codigo)}`, { signal, token: null });
}

/** POST /api/mesas/{cliente_id}/{codigo}/pedidos: an order at the table (opens or joins its tab). */
export function placeTableOrder(clienteId: string | number, codigo: string, input: TableOrderInput): Promise<TableOrderPlaced> {
  return apiFetch<TableOrderPlaced>(`/mesas/${q(String(clienteId))}/${q(codigo)}/pedidos`, {
    method: 'POST',
    token: null,
    body: input,
  });
}

/** GET /api/cuentas/{id}: the tab (410: closed or paid). */
export function getTab(id: string, token: string, signal?: AbortSignal): Promise<Tab> {
  return apiFetch<Tab>(`/cuentas/${q(id)}`, { signal, token: null, headers: tabHeaders(token) });
}

/** POST /api/cuentas/{id}/pagos: starts a payment (409: someone else holds or paid what it covers). */
export function startTabPayment(id: string, token: string, input: TabPaymentInput): Promise<TabPaymentStarted> {
  return apiFetch<TabPaymentStarted>(`/cuentas/${q(id)}/pagos`, {
    method: 'POST',
    token: null,
    headers: tabHeaders(token),
    body: input,
  });
}

/** DELETE /api/cuentas/{id}/pagos/{pago_id}?p=: a payment the checkout cancelled frees what it held. */
export function cancelTabPayment(id: string, pagoId: string, pagoToken: string): Promise<void> {
  return apiFetch<void>(`/cuentas/${q(id)}/pagos/${q(pagoId)}?p=${q(pagoToken)}`, { method: 'DELETE', token: null });
}

/** GET /api/cuentas/{id}/pagos/{pago_id}?p=: a payment's receipt (also after the tab closed). */
export function getTabReceipt(id: string, pagoId: string, pagoToken: string, signal?: AbortSignal): Promise<TabReceipt> {
  return apiFetch<TabReceipt>(`/cuentas/${q(id)}/pagos/${q(pagoId)}?p=${q(pagoToken)}`, { signal, token: null });
}
