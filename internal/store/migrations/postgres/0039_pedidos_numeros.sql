-- The restaurant's order numbers from a counter row of their own (issue 33).
--
-- A paid order takes the restaurant's next number (the diner's "#42" at the
-- counter). It was clientes.pedidos_seq, so every confirmation held the
-- restaurant's clientes row lock, the row every other flow of the
-- restaurant reads and updates too. The counter now lives here, one row per
-- restaurant (created with its first number), and the confirmation takes it
-- as its last statements before the board event and the commit. ultimo is
-- the last number given. A confirmation that rolls back after taking a
-- number gives it back with the rollback; numbers are never given twice.
-- clientes.pedidos_seq is kept (no longer written) for the binaries of
-- before this migration.
CREATE TABLE pedidos_numeros (
    cliente_id BIGINT PRIMARY KEY REFERENCES clientes (id) ON DELETE CASCADE,
    ultimo     BIGINT  NOT NULL
);

INSERT INTO pedidos_numeros (cliente_id, ultimo) SELECT id, pedidos_seq FROM clientes WHERE pedidos_seq > 0;
