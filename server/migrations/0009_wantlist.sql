-- Up Migration
-- 0009: the wantlist (API.md "Wantlist", EXTENSIONS.md §6): records a user is hunting for.
-- Never part of the crate: no mood, no plays, not in any record list. `max_price` is whole
-- cents plus an ISO 4217 code (never a float), both set or both null. `client_id` makes a
-- repeated add safe (API.md "Offline copy and repeat-safe writes").
CREATE TABLE IF NOT EXISTS wants (
  id                  integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id             integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title               text        NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  artist              text        NOT NULL CHECK (length(artist) BETWEEN 1 AND 200),
  year                integer     CHECK (year BETWEEN 1900 AND 2100),
  barcode             text        CHECK (barcode ~ '^([0-9]{8}|[0-9]{12}|[0-9]{13})$'),
  mb_release_id       uuid,
  mb_release_group_id uuid,
  coverart            text,
  priority            smallint    NOT NULL DEFAULT 2 CHECK (priority BETWEEN 1 AND 3),
  max_price_cents     integer     CHECK (max_price_cents BETWEEN 0 AND 9999999),
  max_price_currency  text        CHECK (max_price_currency ~ '^[A-Z]{3}$'),
  notes               text        CHECK (length(notes) BETWEEN 1 AND 1000),
  client_id           uuid,
  date_added          timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT wants_max_price_check CHECK ((max_price_cents IS NULL) = (max_price_currency IS NULL))
);
-- A repeated add with the same clientId finds the first one.
CREATE UNIQUE INDEX IF NOT EXISTS wants_user_id_client_id_key ON wants (user_id, client_id);
-- The wantlist newest first (and the other sorts of a small list from it).
CREATE INDEX IF NOT EXISTS wants_user_id_date_added_idx ON wants (user_id, date_added, id);

-- A want write changes the owner's wantlist and what their friends see of it (ETags).
CREATE TRIGGER wants_bump_insert AFTER INSERT ON wants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_versions();
CREATE TRIGGER wants_bump_update AFTER UPDATE ON wants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_versions();
CREATE TRIGGER wants_bump_delete AFTER DELETE ON wants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_versions();
