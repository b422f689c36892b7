-- Up Migration
-- 0016: every Want carries `cover` too (API.md "Covers served by Spincrate", issue 27).
-- The cover key of a want's `coverart`, set while the covers table holds its finished
-- thumbnails (else null), kept exactly like the records' (migration 0013): set on every
-- write of `coverart` by the same trigger function, and when a fetch finishes.
ALTER TABLE wants ADD COLUMN cover_key text;
-- The wants of one source, found when its thumbnails are done (equality only, any URL length).
CREATE INDEX wants_coverart_hash_idx ON wants USING hash (coverart);
CREATE TRIGGER wants_cover_key BEFORE INSERT OR UPDATE OF coverart ON wants
  FOR EACH ROW EXECUTE FUNCTION records_set_cover_key();
-- Wants whose source is already done (another user's record) have their cover at once.
UPDATE wants w SET cover_key = c.key
  FROM covers c
 WHERE c.key = cover_key(w.coverart) AND c.state = 'done';
