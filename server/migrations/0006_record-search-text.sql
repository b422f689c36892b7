-- Up Migration
-- 0006: record search at scale (API.md "Routes": search by title, artist, tags, mood,
-- details or year; EXTENSIONS.md §1, issue 11: search → results ≤ 300 ms on 20,000 records).
--
-- records.search_text holds a record's searched fields joined by U+001F (the unit
-- separator), kept by PostgreSQL on every write, with a trigram index, so a search reads
-- the records that contain its text instead of every record of the crate. The mood is not
-- in it (moods are their own table); a search matches it through records_user_mood_idx.
--
-- record_search_text is declared IMMUTABLE, which a generated column and an index need:
-- concat_ws and array_to_string are only STABLE because they format values of any type,
-- and for text, text[] and integer arguments their result never changes.
CREATE FUNCTION record_search_text(title text, artist text, details text, year integer, tags text[])
  RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT concat_ws(E'\x1f', title, artist, details, year::text, array_to_string(tags, E'\x1f')) $$;

ALTER TABLE records
  ADD COLUMN search_text text NOT NULL
    GENERATED ALWAYS AS (record_search_text(title, artist, details, year, tags)) STORED;

-- fastupdate off: a new record goes into the index at once. With GIN's pending list, the
-- planner reads the index as costly until a vacuum flushes the list, and after an import of
-- thousands of records it scanned the whole crate again (42 ms instead of 4).
CREATE INDEX records_search_trgm_idx ON records USING gin (search_text gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX records_user_mood_idx ON records (user_id, mood_id);

-- The search no longer reads title and artist alone: records_search_trgm_idx covers both.
DROP INDEX records_title_trgm_idx;
DROP INDEX records_artist_trgm_idx;
