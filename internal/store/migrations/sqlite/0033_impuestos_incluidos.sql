-- VAT-inclusive prices (issue 29, point 2). The tax mode comes from the
-- restaurant's POS merchant (Clover's merchant property "vat"), read by
-- every catalogue sync: 1 means menu prices include the tax. Each order
-- keeps the mode it was priced in, so its page and e-mails show "IVA
-- incluido" or a tax line added on top as at the time. Existing restaurants
-- and orders added tax (the only mode so far): 0.
ALTER TABLE clientes ADD COLUMN pos_impuestos_incluidos INTEGER NOT NULL DEFAULT 0;
ALTER TABLE pedidos ADD COLUMN impuestos_incluidos INTEGER NOT NULL DEFAULT 0;
