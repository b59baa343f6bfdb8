-- Reads that walked a whole table for the few rows they want (found by
-- explaining every statement the test suite runs; docs/decisions.md,
-- thirteenth session), each given a partial index of those rows only:
--   - the ordering job's pass, every interval: restaurants whose "sold out
--     today" ended (menu.ClearSoldOut) walked every product of every
--     restaurant;
--   - the media sweep: the doomed files walked every file;
--   - the super admin's refunds: orders and purchases with a refund walked
--     every order and every purchase of the platform.
CREATE INDEX productos_agotados ON productos (agotado_hasta) WHERE agotado_hasta > 0;
CREATE INDEX media_condenados ON media (doomed_at, name) WHERE doomed_at > 0;
CREATE INDEX pedidos_reembolsos ON pedidos (reembolso) WHERE reembolso <> '';
CREATE INDEX compras_reembolsos ON compras (reembolso) WHERE reembolso <> '';
