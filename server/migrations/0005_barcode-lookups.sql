-- Up Migration
-- 0005: adding by barcode (API.md "Adding by barcode", EXTENSIONS.md §4).
--
-- records.mb_release_id: the exact MusicBrainz release a record was added from, so a
-- later scan of the same pressing finds it (owned.record_id).
-- barcode_lookups: a day's cache of MusicBrainz's answers, keyed by the barcode's
-- 13-digit EAN form (a 12-digit UPC-A is the same barcode with a leading 0) or its 8 digits.

ALTER TABLE records ADD COLUMN mb_release_id uuid;

CREATE INDEX records_user_barcode_idx ON records (user_id, barcode) WHERE barcode IS NOT NULL;
CREATE INDEX records_user_release_group_idx ON records (user_id, mb_release_group_id)
  WHERE mb_release_group_id IS NOT NULL;

CREATE TABLE barcode_lookups (
  code       text        PRIMARY KEY CONSTRAINT barcode_lookups_code_check CHECK (code ~ '^([0-9]{8}|[0-9]{13})$'),
  releases   jsonb       NOT NULL,
  fetched_at timestamptz NOT NULL DEFAULT now()
);
