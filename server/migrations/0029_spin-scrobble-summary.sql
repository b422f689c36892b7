-- Up Migration
-- 0029: one rule for a spin's delivery state (API.md "ListenBrainz": `scrobble`), read from
-- its outbox rows by both the sender (listenbrainz/outbox.queries.ts updateSpinScrobble) and
-- the trigger of 0028 (rows that left the outbox unsent), which each spelled it out before.
-- For each spin id: `pending` while a row is; then `failed` (the first failed row's message)
-- if one failed; `partial` (naming the first record without tracklist) if one was skipped;
-- `sent` if rows are left; `off` when none is. `listens` counts the listens of the rows sent.

CREATE FUNCTION spin_scrobble_summary(spin_ids integer[])
RETURNS TABLE (spin_id integer, scrobble_state text, scrobble_listens integer, scrobble_message text)
LANGUAGE sql STABLE AS $$
  SELECT t.id,
         CASE WHEN bool_or(o.state = 'pending') THEN 'pending'
              WHEN bool_or(o.state = 'failed') THEN 'failed'
              WHEN bool_or(o.state = 'skipped') THEN 'partial'
              WHEN count(o.spin_id) > 0 THEN 'sent'
              ELSE 'off' END,
         COALESCE(sum(o.listens) FILTER (WHERE o.state = 'sent'), 0)::int,
         CASE WHEN bool_or(o.state = 'pending') THEN NULL
              WHEN bool_or(o.state = 'failed')
                THEN (array_agg(o.message ORDER BY o.position) FILTER (WHERE o.state = 'failed'))[1]
              WHEN bool_or(o.state = 'skipped')
                THEN 'no tracklist for '
                     || (array_agg(r.title ORDER BY o.position) FILTER (WHERE o.state = 'skipped'))[1]
         END
    FROM unnest(spin_ids) AS t(id)
    LEFT JOIN listenbrainz_outbox o ON o.spin_id = t.id
    LEFT JOIN records r ON r.id = o.record_id
   GROUP BY t.id
$$;

CREATE OR REPLACE FUNCTION listenbrainz_outbox_rows_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE spins s
     SET scrobble_state = o.scrobble_state,
         scrobble_listens = o.scrobble_listens,
         scrobble_message = o.scrobble_message
    FROM spin_scrobble_summary(ARRAY(SELECT DISTINCT g.spin_id FROM gone g)) o
   WHERE s.id = o.spin_id AND s.scrobble_state = 'pending' AND o.scrobble_state <> 'pending';
  RETURN NULL;
END $$;
