-- Up Migration
-- 0013: covers served by Spincrate (API.md "Covers served by Spincrate", issue 27).
-- One row per cover source URL, keyed by the first 32 hex digits of the SHA-256 of the URL,
-- so one image is stored once for every user whose records point at it. The thumbnails
-- (WebP, 250 and 500 px wide) are bytea columns rather than large objects: simple (a plain
-- column, read and written by ordinary statements, dropped with its row, no lo_unlink or
-- orphan clean-up), transactional like every other row, and stored out of line without
-- TOAST compression (STORAGE EXTERNAL: WebP is already compressed, so pglz would only cost
-- CPU). Not measured yet (issue 27 asks to measure bytea against large objects).
CREATE TABLE covers (
  key text PRIMARY KEY CONSTRAINT covers_key_check CHECK (key ~ '^[0-9a-f]{32}$'),
  source_url text NOT NULL,
  state text NOT NULL DEFAULT 'pending' CONSTRAINT covers_state_check CHECK (state IN ('pending', 'done', 'refused')),
  attempts integer NOT NULL DEFAULT 0,
  small bytea,
  large bytea,
  refused_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT covers_done_check CHECK (state <> 'done' OR (small IS NOT NULL AND large IS NOT NULL))
);
ALTER TABLE covers ALTER COLUMN small SET STORAGE EXTERNAL, ALTER COLUMN large SET STORAGE EXTERNAL;

-- The cover key of a record's `coverart`, set while the covers table holds its finished
-- thumbnails (else null): the record lists read it from the row, with no join.
ALTER TABLE records ADD COLUMN cover_key text;
-- The records of one source, found when its thumbnails are done (equality only, any URL length).
CREATE INDEX records_coverart_hash_idx ON records USING hash (coverart);

-- The key of a cover source URL: the first 32 hex digits of its SHA-256 (server/src/features/covers).
CREATE OR REPLACE FUNCTION cover_key(url text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT left(encode(sha256(convert_to(url, 'UTF8')), 'hex'), 32)
$$;

-- Every write of a record's coverart (add, import, edit, look-up) sets its cover_key from
-- the covers already done: a second user with the same source has the cover at once.
CREATE OR REPLACE FUNCTION records_set_cover_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.cover_key := (SELECT c.key FROM covers c WHERE c.key = cover_key(NEW.coverart) AND c.state = 'done');
  RETURN NEW;
END $$;
CREATE TRIGGER records_cover_key BEFORE INSERT OR UPDATE OF coverart ON records
  FOR EACH ROW EXECUTE FUNCTION records_set_cover_key();
