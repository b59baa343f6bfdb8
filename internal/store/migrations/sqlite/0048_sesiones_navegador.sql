-- The browser and system a session was opened from ("Chrome · Android", auth.BrowserName), so
-- 'Mis sesiones' and the team's list tell a phone from a laptop. Sessions opened before this
-- have none (their list shows 'Navegador', as before).
ALTER TABLE sessions ADD COLUMN navegador TEXT NOT NULL DEFAULT '';
