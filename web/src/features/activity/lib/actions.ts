import type { KeysUnder } from '../../../i18n/keys';

/** A label of the log: an i18n key under `activity.actions` or `activity.groups`. */
type ActionKey = `activity.actions.${KeysUnder<'activity.actions'>}`;
type GroupKey = `activity.groups.${KeysUnder<'activity.groups'>}`;

/**
 * The label of each action the server records (internal/api and the
 * domains' audit.Note calls); an action without one (a newer server) is
 * shown by its name.
 */
export const ACTION_LABELS: Record<string, ActionKey> = {
  'pedido.cancelar': 'activity.actions.orderCancel',
  'pedido.reembolsar': 'activity.actions.orderRefund',
  'pedido.reembolso_manual': 'activity.actions.orderRefundManual',
  'compra.reembolsar': 'activity.actions.purchaseRefund',
  'compra.reembolso_manual': 'activity.actions.purchaseRefundManual',
  'cuenta.reembolsar': 'activity.actions.tabPaymentRefund',
  'cuenta.reembolso_manual': 'activity.actions.tabPaymentRefundManual',
  'cuenta.cobro': 'activity.actions.tabPayment',
  'cuenta.cerrar': 'activity.actions.tabClose',
  'mesas.config': 'activity.actions.tablesSettings',
  'mesas.codigos': 'activity.actions.tablesCodes',
  'configuracion.moneda': 'activity.actions.currency',
  'restaurante.editar': 'activity.actions.restaurantEdit',
  'producto.visibilidad': 'activity.actions.productVisibility',
  'producto.agotado': 'activity.actions.productSoldOut',
  'pedidos.config': 'activity.actions.orderSettings',
  'pedidos.pausa': 'activity.actions.orderPause',
  'cupon.estado': 'activity.actions.offerState',
  'cupon.crear': 'activity.actions.offerCreate',
  'comensales.exportar': 'activity.actions.customersExport',
  'pos.conectar': 'activity.actions.posConnect',
  'pos.webhook_secret': 'activity.actions.posWebhookSecret',
  'pos.sincronizar': 'activity.actions.posSync',
  'tarjeta.registrar': 'activity.actions.cardRegister',
  'privacidad.texto': 'activity.actions.privacyText',
  'equipo.invitar': 'activity.actions.staffInvite',
  'equipo.rol': 'activity.actions.staffRole',
  'equipo.quitar': 'activity.actions.staffRemove',
  'equipo.anular': 'activity.actions.staffInviteCancel',
  'equipo.aceptar': 'activity.actions.staffAccept',
  'equipo.sesion': 'activity.actions.staffSession',
  'equipo.vincular': 'activity.actions.staffLink',
};

/** The filter's choices: a prefix of the actions' names and its label. */
export const ACTION_GROUPS: { prefix: string; label: GroupKey }[] = [
  { prefix: 'pedido.', label: 'activity.groups.orders' },
  { prefix: 'compra.', label: 'activity.groups.purchases' },
  { prefix: 'cuenta.', label: 'activity.groups.tabs' },
  { prefix: 'mesas.', label: 'activity.groups.tables' },
  { prefix: 'producto.', label: 'activity.groups.products' },
  { prefix: 'pedidos.', label: 'activity.groups.orderSettings' },
  { prefix: 'cupon.', label: 'activity.groups.offers' },
  { prefix: 'comensales.', label: 'activity.groups.customers' },
  { prefix: 'pos.', label: 'activity.groups.pos' },
  { prefix: 'tarjeta.', label: 'activity.groups.card' },
  { prefix: 'privacidad.', label: 'activity.groups.privacy' },
  { prefix: 'configuracion.', label: 'activity.groups.currency' },
  { prefix: 'restaurante.', label: 'activity.groups.restaurant' },
  { prefix: 'equipo.', label: 'activity.groups.staff' },
];
