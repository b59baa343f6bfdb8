-- PostgreSQL's throttle table becomes unlogged (postgres/0044). SQLite has
-- no such thing: its commits in WAL mode with synchronous=NORMAL do not
-- wait for a flush. The number is kept so that both engines stay at one
-- schema version.
SELECT 1;
