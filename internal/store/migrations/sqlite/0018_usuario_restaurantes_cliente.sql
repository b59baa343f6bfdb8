-- The owner's list of a restaurant's diners ('Clientes') reads the
-- restaurant's rows newest visit first; the primary key (usuario_id,
-- cliente_id) serves the diner's side only.
CREATE INDEX usuario_restaurantes_cliente ON usuario_restaurantes (cliente_id, last_seen_at);
