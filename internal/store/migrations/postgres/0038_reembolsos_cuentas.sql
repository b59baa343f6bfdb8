-- Refunds of tab payments (issue 31): a tab payment owed back in part
-- (cuenta_pagos.reembolso: a late payment for what others had paid
-- meanwhile, or an order cancelled after the tab was paid) is refunded
-- through the provider like an order, under the new kind 'cuenta'
-- (objeto_id is the cuenta_pagos id).
ALTER TABLE reembolsos DROP CONSTRAINT reembolsos_tipo_check;
ALTER TABLE reembolsos ADD CONSTRAINT reembolsos_tipo_check CHECK (tipo IN ('pedido', 'compra', 'cuenta'));
