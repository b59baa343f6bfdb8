-- One outbox for every channel (issue 32): an e-mail, a WhatsApp template message or an SMS is a
-- row of outbox, queued in the transaction that caused it and sent by the worker of its channel.
-- to_addr is the e-mail address, or the phone (E.164) for whatsapp and sms; subject is '' for
-- those. A WhatsApp message is its approved template (template, params: a JSON array of its body
-- variables, lang); body_text is what the super admin reads of it (the SMS's whole text).
ALTER TABLE outbox ADD COLUMN channel TEXT NOT NULL DEFAULT 'email'
    CHECK (channel IN ('email', 'whatsapp', 'sms'));
ALTER TABLE outbox ADD COLUMN template TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN params TEXT NOT NULL DEFAULT '[]';
ALTER TABLE outbox ADD COLUMN lang TEXT NOT NULL DEFAULT '';
-- Who and what it is for (no foreign keys: the outbox is a record of what was sent, kept when a
-- diner or a restaurant is deleted): the restaurant, the diner's account or the guest.
ALTER TABLE outbox ADD COLUMN cliente_id BIGINT;
ALTER TABLE outbox ADD COLUMN usuario_id BIGINT;
ALTER TABLE outbox ADD COLUMN invitado_id BIGINT;
-- dedupe_key makes a message once: an order's "ready" queued twice (the state set twice, two
-- replicas) is one row.
ALTER TABLE outbox ADD COLUMN dedupe_key TEXT;
-- The provider's id of the accepted message, and the delivery status its signed callbacks
-- reported (sent, delivered, read, failed) with when.
ALTER TABLE outbox ADD COLUMN provider_id TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN delivery TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN delivery_at BIGINT NOT NULL DEFAULT 0;
-- The message this one replaces when that one failed for good (the e-mail fallback).
ALTER TABLE outbox ADD COLUMN fallback_of BIGINT;
-- A marketing e-mail's one-click unsubscribe link (RFC 8058 List-Unsubscribe); '' for the rest.
ALTER TABLE outbox ADD COLUMN unsubscribe_url TEXT NOT NULL DEFAULT '';
CREATE UNIQUE INDEX outbox_dedupe ON outbox (dedupe_key) WHERE dedupe_key IS NOT NULL;
CREATE INDEX outbox_provider ON outbox (channel, provider_id) WHERE provider_id <> '';
DROP INDEX outbox_due;
CREATE INDEX outbox_due ON outbox (channel, status, next_attempt_at);
