-- Up Migration
-- 0028: a spin's delivery state (API.md "ListenBrainz": `scrobble.state`) follows its outbox
-- when rows leave it unsent: a record deleted while its listens wait takes its rows with it
-- (the foreign key's cascade), and the spin was left `pending` for ever when no other row was
-- left to send. After such a delete, a spin still `pending` with nothing pending left takes the
-- state of what remains, as the sender's own update (listenbrainz/outbox.queries.ts
-- updateSpinScrobble) gives it: `failed`, `partial`, `sent`, or `off` when none of its rows is
-- left (nothing to send). Disconnecting, which drops the waiting rows and sets its spins `off`
-- in one statement, leaves no spin `pending` for this to change.

CREATE FUNCTION listenbrainz_outbox_rows_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH touched AS (
    SELECT DISTINCT g.spin_id FROM gone g
  ), o AS (
    SELECT t.spin_id,
           count(o.spin_id) > 0 AS any_row,
           COALESCE(bool_or(o.state = 'pending'), false) AS pending,
           COALESCE(bool_or(o.state = 'failed'), false) AS failed,
           COALESCE(bool_or(o.state = 'skipped'), false) AS skipped,
           COALESCE(sum(o.listens) FILTER (WHERE o.state = 'sent'), 0)::int AS listens,
           (array_agg(o.message ORDER BY o.position) FILTER (WHERE o.state = 'failed'))[1] AS failure,
           (array_agg(r.title ORDER BY o.position) FILTER (WHERE o.state = 'skipped'))[1] AS missing
      FROM touched t
      LEFT JOIN listenbrainz_outbox o ON o.spin_id = t.spin_id
      LEFT JOIN records r ON r.id = o.record_id
     GROUP BY t.spin_id
  )
  UPDATE spins s
     SET scrobble_state = CASE WHEN o.failed THEN 'failed' WHEN o.skipped THEN 'partial'
                               WHEN o.any_row THEN 'sent' ELSE 'off' END,
         scrobble_listens = o.listens,
         scrobble_message = CASE WHEN o.failed THEN o.failure
                                 WHEN o.skipped THEN 'no tracklist for ' || o.missing ELSE NULL END
    FROM o
   WHERE s.id = o.spin_id AND s.scrobble_state = 'pending' AND NOT o.pending;
  RETURN NULL;
END $$;

CREATE TRIGGER listenbrainz_outbox_rows_gone AFTER DELETE ON listenbrainz_outbox
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION listenbrainz_outbox_rows_gone();
