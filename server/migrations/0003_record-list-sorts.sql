-- Up Migration
-- 0003: record lists at scale (API.md "Lists at scale"): the eight sorts of a crate are
-- each served, first page and later pages alike, by an index in their own order, so no
-- page needs a sort step and its cost does not grow with the crate.
--
-- record_order is case- and accent-insensitive, the order of
-- `new Intl.Collator('en', {sensitivity: 'base'})` (ICU, primary strength). It is not
-- deterministic: "Björk" and "bjork" are equal, and the sorts break such ties by id.
--
-- ICU collations need a UTF-8 database. A database made with another encoding (an
-- embedded PostgreSQL initialised under the C locale is SQL_ASCII) gets a plain byte-order
-- record_order instead, so that it still migrates; its artist and title sorts are then
-- case- and accent-sensitive.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'record_order' AND collnamespace = 'public'::regnamespace) THEN
    IF pg_encoding_to_char((SELECT encoding FROM pg_database WHERE datname = current_database())) = 'UTF8' THEN
      CREATE COLLATION record_order (provider = icu, locale = 'en-u-ks-level1', deterministic = false);
    ELSE
      CREATE COLLATION record_order FROM "C";
    END IF;
  END IF;
END
$$;

-- artist_asc / artist_desc (ties by title, then id), read forwards or backwards.
CREATE INDEX records_user_artist_order_idx
  ON records (user_id, artist COLLATE record_order, title COLLATE record_order, id);
-- title_asc / title_desc (ties by id).
CREATE INDEX records_user_title_order_idx ON records (user_id, title COLLATE record_order, id);
-- most_played, read backwards: play_count desc, last_played desc (never spun last), id desc.
CREATE INDEX records_user_most_played_idx
  ON records (user_id, play_count, (COALESCE(last_played, '-infinity'::date)), id);
-- least_recently_played: never spun first, then last_played asc, then id asc.
CREATE INDEX records_user_least_played_idx
  ON records (user_id, (COALESCE(last_played, '-infinity'::date)), id);
-- newest / oldest use records_user_date_idx (user_id, date_added DESC, id DESC).
