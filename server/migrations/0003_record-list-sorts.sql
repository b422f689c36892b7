-- Up Migration
-- 0003: record lists at scale (API.md "Lists at scale"): the eight sorts of a crate are
-- each served, first page and later pages alike, by an index in their own order, so no
-- page needs a sort step and its cost does not grow with the crate.
--
-- record_order is case- and accent-insensitive, the order of
-- `new Intl.Collator('en', {sensitivity: 'base'})` (ICU, primary strength). It is not
-- deterministic: "Björk" and "bjork" are equal, and the sorts break such ties by id.
CREATE COLLATION IF NOT EXISTS record_order (provider = icu, locale = 'en-u-ks-level1', deterministic = false);

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
