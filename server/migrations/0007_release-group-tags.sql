-- Up Migration
-- 0007: tags of records added by barcode (issue 26 item 4; API.md "Adding by barcode",
-- "Cover art and tags"). A barcode search carries no tags, so adding a picked pressing
-- looks its release group up on MusicBrainz (`/release-group/{id}?inc=tags`).
--
-- release_group_tags: a day's cache of those look-ups, keyed by the release group's MBID;
-- `tags` is a JSON array of tag names, most votes first (possibly empty: "no tags" is cached too).

CREATE TABLE release_group_tags (
  mb_release_group_id uuid        PRIMARY KEY,
  tags                jsonb       NOT NULL,
  fetched_at          timestamptz NOT NULL DEFAULT now()
);
