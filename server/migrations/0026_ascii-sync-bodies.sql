-- Up Migration
-- 0026: a record's sync body is ASCII (issue 24 item 2: a first sync of 20,000 records costs
-- the server ≤ 150 ms of CPU in total).
--
-- The server reads a sync page from PostgreSQL as text and writes it out as UTF-8 bytes. One
-- "Björk" on a page made node decode the whole 1.3 MB page into a two-byte string and encode
-- it back, 2.7 ms a page; an ASCII page takes 1.1 ms, and half the memory. So a body keeps
-- every character above U+007F as its JSON escape (`\u00f6`; two escapes, a surrogate pair,
-- above U+FFFF): the same JSON to any reader (RFC 8259 §7), a few bytes more before
-- compression.

-- JSON text `body` with every character above U+007F written as its `\uXXXX` escape (such a
-- character can only be inside a JSON string, where the escape means the same character).
CREATE FUNCTION json_ascii(body text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  c text;
  code integer;
BEGIN
  IF body !~ '[^\x01-\x7f]' THEN
    RETURN body;
  END IF;
  FOR c IN SELECT DISTINCT m[1] FROM regexp_matches(body, '([^\x01-\x7f])', 'g') AS m LOOP
    code := ascii(c);
    body := replace(body, c, CASE
      WHEN code < 65536 THEN '\u' || lpad(to_hex(code), 4, '0')
      ELSE '\u' || to_hex(55296 + ((code - 65536) >> 10)) || '\u' || to_hex(56320 + ((code - 65536) & 1023))
    END);
  END LOOP;
  RETURN body;
END $$;

CREATE OR REPLACE FUNCTION record_sync_body(r records) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT json_ascii(left(row_to_json(j)::text, -1)
         || CASE WHEN r.coverart IS NULL OR r.coverart = '' THEN '' ELSE ',"coverart":' || to_json(r.coverart)::text END)
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

-- The bodies stored with other characters, rewritten as 0025 wrote them: without a new
-- revision (a client's copy holds the same values) and without bumping list versions.
ALTER TABLE records DISABLE TRIGGER records_sync_rev, DISABLE TRIGGER records_bump_update;
UPDATE records SET title = title WHERE sync_body ~ '[^\x01-\x7f]';
ALTER TABLE records ENABLE TRIGGER records_sync_rev, ENABLE TRIGGER records_bump_update;
