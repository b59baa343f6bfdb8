-- The audit log is append-only (issue: Staff): no route edits or deletes
-- a row, and the database refuses it too. Restaurants are never deleted
-- (they are suspended), so the log's ON DELETE CASCADE from clientes never
-- runs; deleting a restaurant would now have to be a deliberate operation
-- that drops these triggers first.
CREATE FUNCTION auditoria_solo_anadir() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'auditoria es solo de anadir: no se modifica ni se borra';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER auditoria_sin_cambios BEFORE UPDATE OR DELETE ON auditoria
FOR EACH ROW EXECUTE FUNCTION auditoria_solo_anadir();

CREATE TRIGGER auditoria_sin_truncate BEFORE TRUNCATE ON auditoria
FOR EACH STATEMENT EXECUTE FUNCTION auditoria_solo_anadir();
