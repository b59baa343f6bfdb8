import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Cliente, ClienteEdit, NewCliente, OrderRefund, Oversight, RefundOwed, RequestBody, ResponseBody } from '../../../api/contract';
import * as api from '../../../api/client';
import { markOrderRefunded as markRefunded, refundOrder } from '../../../api/order-refunds';

export type { Cliente, OrderRefund, Oversight, RefundOwed };

export type Estado = Cliente['estado'];
export const ESTADOS = ['pendiente', 'activo', 'suspendido'] as const;

/** What the restaurants table asks for: search, estado filter and the page. */
export type ClientsFilter = { q: string; estado: '' | (typeof ESTADOS)[number]; reconectar?: boolean; limit: number; offset: number };
export type ClientsPage = { clientes: Cliente[]; total: number };

export const platformKeys = {
  all: ['platform'] as const,
  clients: () => [...platformKeys.all, 'clients'] as const,
  clientsPage: (f: ClientsFilter) => [...platformKeys.clients(), f] as const,
  oversight: () => [...platformKeys.all, 'resumen'] as const,
  orderRefunds: () => [...platformKeys.all, 'pedidos-reembolsos'] as const,
  tabRefunds: () => [...platformKeys.all, 'cuentas-reembolsos'] as const,
};

/** GET /api/clients (super admin): a page of restaurants and, from X-Total-Count, how many match. */
export async function listClients(f: ClientsFilter, signal?: AbortSignal): Promise<ClientsPage> {
  const { body, headers } = await api.getWithHeaders('/api/clients', {
    query: {
      q: f.q.trim() || undefined,
      estado: f.estado || undefined,
      reconectar: f.reconectar ? '1' : undefined,
      limit: f.limit,
      offset: f.offset,
    },
    signal,
  });
  const clientes = Array.isArray(body) ? body : [];
  const total = Number(headers.get('X-Total-Count'));
  return { clientes, total: Number.isFinite(total) && headers.has('X-Total-Count') ? total : f.offset + clientes.length };
}

export function clientsQueryOptions(f: ClientsFilter) {
  return queryOptions({
    queryKey: platformKeys.clientsPage(f),
    queryFn: ({ signal }) => listClients(f, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /api/clients (super admin): a new restaurant, pendiente. */
export function createClient(input: NewCliente): Promise<Cliente> {
  return api.post('/api/clients', { body: input });
}

/** PUT /api/clients/{cliente_id} (super admin): edit, suspend or reactivate. */
export function updateClient(id: number, edit: ClienteEdit): Promise<Cliente> {
  return api.put('/api/clients/{cliente_id}', { path: { cliente_id: id }, body: edit });
}

type LinkInput = RequestBody<'/api/send-email', 'post'>;
type LinkAnswer = ResponseBody<'/api/send-email', 'post'>;

/** The onboarding link just e-mailed, to copy: its address, its expiry (Unix seconds), and to whom. */
export type SentLink = LinkAnswer & { email: string };

/**
 * POST /api/send-email (super admin): 'Enviar Enlace'. A 409 says the
 * restaurant has a link not used yet: send again with reemplazar to void it.
 */
export function sendLink(input: LinkInput): Promise<LinkAnswer> {
  return api.post('/api/send-email', { body: input });
}

export type ConnectInput = RequestBody<'/api/callback', 'post'>;

/** POST /api/callback (super admin): connects a merchant with its authorization code. */
export function connectMerchant(input: ConnectInput): Promise<ResponseBody<'/api/callback', 'post'>> {
  return api.post('/api/callback', { body: input });
}

/** GET /api/admin/resumen (super admin): the counts behind the badges. */
export function oversightQueryOptions() {
  return queryOptions({
    queryKey: platformKeys.oversight(),
    queryFn: ({ signal }) => api.get('/api/admin/resumen', { signal }),
    staleTime: 0,
  });
}

/** GET /api/admin/pedidos/reembolsos (super admin): cancelled paid orders to refund. */
export function orderRefundsQueryOptions() {
  return queryOptions({
    queryKey: platformKeys.orderRefunds(),
    queryFn: ({ signal }) => api.get('/api/admin/pedidos/reembolsos', { signal }),
    staleTime: 0,
  });
}

/** POST /api/pedidos/{id}/reembolsar {cliente_id}: the restaurant's provider refunds the order's payment. */
export function refundOrderPayment(r: Pick<OrderRefund, 'pedido_id' | 'cliente_id'>): Promise<unknown> {
  return refundOrder(r.cliente_id, r.pedido_id);
}

/** POST /api/pedidos/{id}/reembolso {cliente_id}: the order's payment was refunded another way. */
export function markOrderRefunded(r: Pick<OrderRefund, 'pedido_id' | 'cliente_id'>): Promise<unknown> {
  return markRefunded(r.cliente_id, r.pedido_id);
}

/** GET /api/admin/pagos/reembolsos (super admin): every kind's payments owed back; here the tables' tab payments (kind 'cuenta'). */
export function tabRefundsQueryOptions() {
  return queryOptions({
    queryKey: platformKeys.tabRefunds(),
    queryFn: async ({ signal }) => {
      const lines: RefundOwed[] = await api.get('/api/admin/pagos/reembolsos', { signal });
      return lines.filter((l) => l.tipo === 'cuenta');
    },
    staleTime: 0,
  });
}

/** POST /api/admin/cuentas/pagos/{pago_id}/reembolsar: the restaurant's provider refunds the part a tab payment owes back. */
export function refundTabPayment(l: Pick<RefundOwed, 'id'>): Promise<RefundOwed> {
  return api.post('/api/admin/cuentas/pagos/{pago_id}/reembolsar', { path: { pago_id: l.id } });
}

/** POST /api/admin/cuentas/pagos/{pago_id}/reembolso: the part a tab payment owes back was refunded another way. */
export function markTabPaymentRefunded(l: Pick<RefundOwed, 'id'>): Promise<RefundOwed> {
  return api.post('/api/admin/cuentas/pagos/{pago_id}/reembolso', { path: { pago_id: l.id } });
}
