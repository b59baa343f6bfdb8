-- A tab's view reads the lines its payments hold or paid by the tab
-- (cuenta_pago_lineas.cuenta_id = ? AND activa = 1): without an index of
-- its own that read walked every active line of every tab ever paid, in
-- every restaurant, on each view of a tab — the diner's page, the waiter's
-- 'Mesas', each payment's start and confirmation — and grew with the
-- history (docs/benchmarks.md, thirteenth session).
CREATE INDEX cuenta_pago_lineas_cuenta ON cuenta_pago_lineas (cuenta_id) WHERE activa = 1;
