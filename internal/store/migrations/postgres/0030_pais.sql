-- The restaurant's country (ISO 3166-1 alpha-2: ES, MX, US to start; the
-- list and what each country implies — currency, Spanish locale, time zone,
-- tax mode, the privacy notice's name — is data in internal/locale). Existing
-- restaurants get the country their menu's currency implies: EUR → ES,
-- MXN → MX, anything else → US (how every restaurant was formatted so far).
ALTER TABLE clientes ADD COLUMN pais TEXT NOT NULL DEFAULT 'US';
UPDATE clientes SET pais = CASE (SELECT moneda FROM configuraciones c WHERE c.cliente_id = clientes.id)
    WHEN 'EUR' THEN 'ES'
    WHEN 'MXN' THEN 'MX'
    ELSE 'US'
END;
