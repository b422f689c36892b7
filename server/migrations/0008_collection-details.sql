-- Up Migration
-- 0007: collection details (API.md "Collection details", EXTENSIONS.md §5): what a collector
-- records about a copy, null when unknown. The price is whole cents plus an ISO 4217 code
-- (never a float), both set or both null.
ALTER TABLE records
  ADD COLUMN rating smallint CONSTRAINT records_rating_check CHECK (rating BETWEEN 1 AND 5),
  ADD COLUMN folder text CONSTRAINT records_folder_check CHECK (length(folder) BETWEEN 1 AND 60),
  ADD COLUMN location text CONSTRAINT records_location_check CHECK (length(location) BETWEEN 1 AND 100),
  ADD COLUMN media_condition text CONSTRAINT records_media_condition_check CHECK (media_condition IN (
    'Mint (M)', 'Near Mint (NM or M-)', 'Very Good Plus (VG+)', 'Very Good (VG)', 'Good Plus (G+)',
    'Good (G)', 'Fair (F)', 'Poor (P)')),
  ADD COLUMN sleeve_condition text CONSTRAINT records_sleeve_condition_check CHECK (sleeve_condition IN (
    'Mint (M)', 'Near Mint (NM or M-)', 'Very Good Plus (VG+)', 'Very Good (VG)', 'Good Plus (G+)',
    'Good (G)', 'Fair (F)', 'Poor (P)', 'Generic', 'No Cover', 'Not Graded')),
  ADD COLUMN price_cents integer CONSTRAINT records_price_cents_check CHECK (price_cents BETWEEN 0 AND 9999999),
  ADD COLUMN price_currency text CONSTRAINT records_price_currency_check CHECK (price_currency ~ '^[A-Z]{3}$'),
  ADD COLUMN purchased_on date,
  ADD COLUMN purchased_from text CONSTRAINT records_purchased_from_check CHECK (length(purchased_from) BETWEEN 1 AND 100),
  ADD COLUMN label text CONSTRAINT records_label_check CHECK (length(label) BETWEEN 1 AND 200),
  ADD COLUMN catalog_number text CONSTRAINT records_catalog_number_check CHECK (length(catalog_number) BETWEEN 1 AND 200),
  ADD COLUMN format text CONSTRAINT records_format_check CHECK (length(format) BETWEEN 1 AND 200),
  ADD COLUMN discogs_release_id integer CONSTRAINT records_discogs_release_id_check CHECK (discogs_release_id > 0),
  ADD CONSTRAINT records_price_check CHECK ((price_cents IS NULL) = (price_currency IS NULL));

-- rating_desc, read backwards: rating desc (unrated as 0, last), then date_added desc, id desc.
CREATE INDEX records_user_rating_idx
  ON records (user_id, (COALESCE(rating, 0)), date_added, id);
-- price_desc, read backwards: amount desc whatever the currency (unpriced as -1, last), then
-- date_added desc, id desc.
CREATE INDEX records_user_price_idx
  ON records (user_id, (COALESCE(price_cents, -1)), date_added, id);
-- folder=F (exact, ignoring case) newest first, and GET /api/record/folders.
CREATE INDEX records_user_folder_idx
  ON records (user_id, lower(folder), date_added DESC, id DESC) WHERE folder IS NOT NULL;
