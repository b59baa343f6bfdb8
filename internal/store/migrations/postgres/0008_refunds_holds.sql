-- Payments that could not become a voucher (the offer sold out while the
-- diner paid) are kept for refund: reembolso is '' (none), 'pendiente'
-- (the platform owes the diner) or 'reembolsado' (done, by the super admin).
-- payment_id is the provider's payment, needed to refund it.
ALTER TABLE compras ADD COLUMN reembolso TEXT NOT NULL DEFAULT '';
ALTER TABLE compras ADD COLUMN reembolso_motivo TEXT NOT NULL DEFAULT '';
ALTER TABLE compras ADD COLUMN reembolsado_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE compras ADD COLUMN payment_id TEXT NOT NULL DEFAULT '';
-- The checkout page of an open hold, handed back when the diner buys the
-- same offer again instead of holding a second unit.
ALTER TABLE compras ADD COLUMN checkout_url TEXT NOT NULL DEFAULT '';
-- One open hold per diner and offer, whatever the concurrency.
CREATE UNIQUE INDEX compras_one_hold ON compras (usuario_id, cupon_id) WHERE estado = 'pendiente';
CREATE INDEX compras_reembolso ON compras (reembolso) WHERE reembolso = 'pendiente';
