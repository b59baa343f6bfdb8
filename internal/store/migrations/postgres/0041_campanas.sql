-- Campaigns (issue 32, 'Campañas'): a restaurant's owner or manager writes to the diners and
-- guests who consented to the channel for that restaurant.
--
-- campanas: one campaign. canal 'email' (asunto, cuerpo with {nombre} {restaurante}) or
-- 'whatsapp' (plantilla: an approved template's name; variables: a JSON array of its body
-- variables, each may use the same placeholders); idioma is the language of its footer and of the
-- template. The audience (audiencia): todos, inactivos (not seen in dias days), puntos (more
-- than puntos_min points there), oferta (bought cupon_id). estado: borrador → programada
-- (programada_at: due) → enviando (the job queues it in batches) → enviada; cancelada any time
-- before it is sent.
CREATE TABLE campanas (
    id            BIGSERIAL PRIMARY KEY,
    cliente_id    BIGINT  NOT NULL REFERENCES clientes (id) ON DELETE CASCADE,
    nombre        TEXT    NOT NULL,
    canal         TEXT    NOT NULL CHECK (canal IN ('email', 'whatsapp')),
    asunto        TEXT    NOT NULL DEFAULT '',
    cuerpo        TEXT    NOT NULL DEFAULT '',
    plantilla     TEXT    NOT NULL DEFAULT '',
    variables     TEXT    NOT NULL DEFAULT '[]',
    idioma        TEXT    NOT NULL DEFAULT 'es' CHECK (idioma IN ('es', 'en')),
    audiencia     TEXT    NOT NULL DEFAULT 'todos' CHECK (audiencia IN ('todos', 'inactivos', 'puntos', 'oferta')),
    dias          INTEGER NOT NULL DEFAULT 0,
    puntos_min    BIGINT  NOT NULL DEFAULT 0,
    cupon_id      BIGINT,
    estado        TEXT    NOT NULL DEFAULT 'borrador'
                  CHECK (estado IN ('borrador', 'programada', 'enviando', 'enviada', 'cancelada')),
    programada_at BIGINT  NOT NULL DEFAULT 0,
    iniciada_at   BIGINT  NOT NULL DEFAULT 0,
    enviada_at    BIGINT  NOT NULL DEFAULT 0,
    created_at    BIGINT  NOT NULL,
    updated_at    BIGINT  NOT NULL
);
CREATE INDEX campanas_cliente ON campanas (cliente_id, id);
CREATE INDEX campanas_due ON campanas (estado, programada_at);

-- campana_destinos: who a campaign was queued for, one row each (destino 'u<usuario_id>' or
-- 'g<invitado_id>'), written in the transaction that queues the message (outbox_id): a restart
-- resumes after the last row, and two runners cannot both queue one person. baja_at: when that
-- person unsubscribed from the campaign's link.
CREATE TABLE campana_destinos (
    id          BIGSERIAL PRIMARY KEY,
    campana_id  BIGINT  NOT NULL REFERENCES campanas (id) ON DELETE CASCADE,
    destino     TEXT    NOT NULL,
    usuario_id  BIGINT,
    invitado_id BIGINT,
    outbox_id   BIGINT,
    baja_at     BIGINT  NOT NULL DEFAULT 0,
    created_at  BIGINT  NOT NULL,
    UNIQUE (campana_id, destino)
);
CREATE INDEX campana_destinos_outbox ON campana_destinos (outbox_id);
