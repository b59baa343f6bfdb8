-- The staff's team page (issue: Staff). Invitations are e-mailed links of
-- a new purpose, 'invitacion', with the role the person gets (links.rol).
ALTER TABLE links DROP CONSTRAINT links_purpose_check;
ALTER TABLE links ADD CONSTRAINT links_purpose_check CHECK (purpose IN ('onboarding', 'reset', 'invitacion'));
ALTER TABLE links ADD COLUMN rol TEXT NOT NULL DEFAULT '';

-- When a staff person last signed in (0: never).
ALTER TABLE staff_users ADD COLUMN ultimo_acceso BIGINT NOT NULL DEFAULT 0;

-- Sessions the person and the owner see and revoke: a public id (random,
-- never the token's hash, useless to authenticate), the device label (a
-- kitchen tablet's long-lived sign-in), the address it signed in from and
-- when it was last used (updated at most once a minute).
ALTER TABLE sessions ADD COLUMN public_id TEXT;
ALTER TABLE sessions ADD COLUMN dispositivo TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN ip TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN ultimo_uso BIGINT NOT NULL DEFAULT 0;
UPDATE sessions SET public_id = substr(md5(random()::text || token_hash), 1, 18), ultimo_uso = created_at;
CREATE UNIQUE INDEX sessions_public_id ON sessions (public_id);
