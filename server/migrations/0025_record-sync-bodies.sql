-- Up Migration
-- 0025: a record's JSON, made when the record is written, for the offline copy's sync (issue 24
-- item 2: a first sync of 20,000 records costs the server ≤ 150 ms of CPU in total).
--
-- The sync built each Record's JSON on every page it sent (row_to_json of 28 columns, the
-- date formatted, the price and cover objects): about 20 µs a record in PostgreSQL, 400 ms of
-- a 20,000-record first sync. Now each record keeps `sync_body`, the JSON text of its fields
-- that only a write of the record itself changes, without its closing brace; the sync adds
-- what changes elsewhere or depends on the configuration (`server/src/features/sync/`): the
-- fallback cover when `coverart` is empty, `play_count` and `last_played` (kept in
-- `record_plays`: a spin does not rewrite the record, migration 0019). A record's write pays
-- for its body once (a few µs, in the same row: no other table, no other index).
--
-- The keys and their JSON are those of a Record (API.md "Entities as returned") as the
-- records' lists send it (server/src/features/records/records.entity.ts: recordColumns); the
-- sync's tests compare the two, record by record.

ALTER TABLE records ADD COLUMN sync_body text;

-- The body of record `r` (its mood's name looked up): `{"id":…,…,"cover":…` and, when the
-- record has its own cover URL, `,"coverart":"…"`; no closing brace.
CREATE FUNCTION record_sync_body(r records) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT left(row_to_json(j)::text, -1)
         || CASE WHEN r.coverart IS NULL OR r.coverart = '' THEN '' ELSE ',"coverart":' || to_json(r.coverart)::text END
    FROM (SELECT r.id, r.user_id, r.title, r.artist,
                 to_char(r.date_added AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date_added,
                 (SELECT m.mood FROM moods m WHERE m.id = r.mood_id) AS mood, r.mood_id, r.details,
                 to_json(r.tags)::text AS tags, r.year, r.barcode, r.mb_release_group_id,
                 r.rating, r.folder, r.location, r.media_condition, r.sleeve_condition,
                 CASE WHEN r.price_cents IS NULL THEN NULL ELSE json_build_object(
                   'amount', (r.price_cents / 100)::text || '.' || lpad((r.price_cents % 100)::text, 2, '0'),
                   'currency', r.price_currency) END AS price,
                 r.purchased_on, r.purchased_from, r.label, r.catalog_number, r.format,
                 r.discogs_release_id,
                 CASE WHEN r.cover_key IS NULL THEN NULL ELSE json_build_object(
                   'small', '/covers/' || r.cover_key || '-250.webp',
                   'large', '/covers/' || r.cover_key || '-500.webp') END AS cover) j
$$;

-- Every write of a record (add, barcode, import, edit, look-up, covers) makes its body. Named
-- to run after `records_cover_key` (BEFORE triggers run in name order), whose `cover_key` it reads.
CREATE FUNCTION set_record_sync_body() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.sync_body := record_sync_body(NEW);
  RETURN NEW;
END $$;
CREATE TRIGGER records_sync_body BEFORE INSERT OR UPDATE ON records
  FOR EACH ROW EXECUTE FUNCTION set_record_sync_body();

-- The records stored before: their bodies, without a new revision (nothing a client holds
-- changes) and without bumping the owners' list versions.
ALTER TABLE records DISABLE TRIGGER records_sync_rev, DISABLE TRIGGER records_bump_update;
UPDATE records SET title = title;
ALTER TABLE records ENABLE TRIGGER records_sync_rev, ENABLE TRIGGER records_bump_update;
ALTER TABLE records ALTER COLUMN sync_body SET NOT NULL;
