import { queryOptions } from '@tanstack/react-query';
import type { StaffTabs, Tab, TabCashPayment } from '../../../api/contract';
import * as api from '../../../api/client';

export type { StaffTabs, Tab };

/** Query keys of the tables' staff pages. */
export const tablesKeys = {
  all: ['tables'] as const,
  tabs: (clienteId: string) => [...tablesKeys.all, clienteId, 'tabs'] as const,
};

/** How often the 'Mesas' page reads the open tabs again (a diner's order or payment changes them). */
export const TABS_REFRESH_MS = 5_000;

/** GET /api/clientes/{id}/cuentas (propietario, gerente, mesero): the open tabs and the restaurant's tables. */
export function getTabs(clienteId: string, signal?: AbortSignal): Promise<StaffTabs> {
  return api.get('/api/clientes/{cliente_id}/cuentas', { path: { cliente_id: clienteId }, signal });
}

export function tabsQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: tablesKeys.tabs(clienteId),
    queryFn: ({ signal }) => getTabs(clienteId, signal),
    staleTime: 0,
    refetchInterval: TABS_REFRESH_MS,
  });
}

const tabPath = (clienteId: string, cuentaId: number) => ({ cliente_id: clienteId, cuenta_id: cuentaId });

/** POST …/cuentas/{id}/aceptar: a waiter accepts a new table; its first order goes to the kitchen. */
export function acceptTab(clienteId: string, cuentaId: number): Promise<Tab> {
  return api.post('/api/clientes/{cliente_id}/cuentas/{cuenta_id}/aceptar', { path: tabPath(clienteId, cuentaId) });
}

/** POST …/cuentas/{id}/cerrar: closes the tab; motivo is required (server-checked) when something is unpaid. */
export function closeTab(clienteId: string, cuentaId: number, motivo: string): Promise<Tab> {
  const body = motivo.trim() ? { motivo: motivo.trim() } : {};
  return api.post('/api/clientes/{cliente_id}/cuentas/{cuenta_id}/cerrar', { path: tabPath(clienteId, cuentaId), body });
}

/** POST …/cuentas/{id}/mover: the party moved to another table (one without an open tab). */
export function moveTab(clienteId: string, cuentaId: number, mesaId: number): Promise<Tab> {
  return api.post('/api/clientes/{cliente_id}/cuentas/{cuenta_id}/mover', { path: tabPath(clienteId, cuentaId), body: { mesa_id: mesaId } });
}

/** POST …/cuentas/{id}/pagos: a payment taken at the table (cash or the restaurant's own card terminal), cents. */
export function payAtTable(clienteId: string, cuentaId: number, body: TabCashPayment): Promise<Tab> {
  return api.post('/api/clientes/{cliente_id}/cuentas/{cuenta_id}/pagos', { path: tabPath(clienteId, cuentaId), body });
}
