-- Indexes on the referencing columns of foreign keys that had none: a
-- deleted product (gone from the POS), coupon, voucher or order otherwise
-- makes the database scan every order line or points row to clear its
-- references (found by bench/scale.sh: a POS sync that removed 200 items
-- from a restaurant took 42 s next to 146,000 order lines).
CREATE INDEX pedido_lineas_producto ON pedido_lineas (producto_id);
CREATE INDEX compras_cupon ON compras (cupon_id);
CREATE INDEX puntos_compra ON puntos (compra_id);
CREATE INDEX puntos_pedido ON puntos (pedido_id);
