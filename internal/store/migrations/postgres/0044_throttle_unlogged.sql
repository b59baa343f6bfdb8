-- The throttle's counters (sign-in, sign-up and order budgets per address
-- and account) are written by most anonymous requests, each write its own
-- commit: logged, each waited for a WAL flush (and, with a synchronous
-- standby, for the standby), a tenth of the database's busy time under the
-- ordering benchmark. Unlogged, they cost no WAL. What is given up: after a
-- crash the table starts empty, and a standby does not have it (a promoted
-- standby starts with every budget full). A budget that restarts after a
-- crash or a failover is acceptable for rate limits; nothing else lives here.
ALTER TABLE throttle SET UNLOGGED;
