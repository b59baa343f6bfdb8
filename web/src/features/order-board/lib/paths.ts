/** The board's route (?cliente_id= names the restaurant). */
export const ORDER_BOARD_PATH = '/pedidos';
/** The ordering settings' route (?cliente_id=). */
export const ORDER_SETTINGS_PATH = '/pedidos/ajustes';
