-- A wine's label link follows the rule of every other image a restaurant
-- names (media.Pipeline.Use): one of its own uploads or an https link.
-- Labels stored before the rule (javascript:, data:, http:, //host, ftp:)
-- are dropped: the wine shows without a label until one is uploaded.
UPDATE vinos SET etiqueta_url = ''
WHERE etiqueta_url <> '' AND etiqueta_url NOT LIKE 'https://%' AND etiqueta_url NOT LIKE '/media/%';
