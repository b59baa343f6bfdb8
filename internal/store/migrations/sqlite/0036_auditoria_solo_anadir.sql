-- The audit log is append-only (issue: Staff): no route edits or deletes
-- a row, and the database refuses it too. Restaurants are never deleted
-- (they are suspended), so the log's ON DELETE CASCADE from clientes never
-- runs; deleting a restaurant would now have to be a deliberate operation
-- that drops these triggers first.
CREATE TRIGGER auditoria_sin_update BEFORE UPDATE ON auditoria
BEGIN
    SELECT RAISE(ABORT, 'auditoria es solo de anadir: no se modifica');
END;

CREATE TRIGGER auditoria_sin_delete BEFORE DELETE ON auditoria
BEGIN
    SELECT RAISE(ABORT, 'auditoria es solo de anadir: no se borra');
END;
