-- Up Migration
-- A version per user, bumped in the same transaction as every write that changes what the
-- user or their followers see (issue 10; API.md "Lists at scale": ETags). Versions come
-- from one sequence, so every bump gives a value larger than any before: the largest
-- version over a set of users changes whenever any of them writes.
CREATE SEQUENCE IF NOT EXISTS user_version_seq;
CREATE TABLE IF NOT EXISTS user_versions (
  user_id integer PRIMARY KEY,
  version bigint  NOT NULL
);

-- Statement-level triggers: one bump per user per statement, whatever the number of rows.
CREATE OR REPLACE FUNCTION bump_user_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO user_versions AS v (user_id, version)
    SELECT u, nextval('user_version_seq') FROM (SELECT DISTINCT user_id FROM old_rows ORDER BY 1) s (u)
    ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
  ELSE
    INSERT INTO user_versions AS v (user_id, version)
    SELECT u, nextval('user_version_seq') FROM (SELECT DISTINCT user_id FROM new_rows ORDER BY 1) s (u)
    ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
  END IF;
  RETURN NULL;
END $$;

-- A friendship changes what both of its users see.
CREATE OR REPLACE FUNCTION bump_friendship_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO user_versions AS v (user_id, version)
    SELECT u, nextval('user_version_seq')
      FROM (SELECT user_id FROM old_rows UNION SELECT friend_id FROM old_rows ORDER BY 1) s (u)
    ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
  ELSE
    INSERT INTO user_versions AS v (user_id, version)
    SELECT u, nextval('user_version_seq')
      FROM (SELECT user_id FROM new_rows UNION SELECT friend_id FROM new_rows ORDER BY 1) s (u)
    ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER records_bump_insert AFTER INSERT ON records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_versions();
CREATE TRIGGER records_bump_update AFTER UPDATE ON records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_versions();
CREATE TRIGGER records_bump_delete AFTER DELETE ON records
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_versions();
CREATE TRIGGER spins_bump_insert AFTER INSERT ON spins
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_versions();
CREATE TRIGGER spins_bump_update AFTER UPDATE ON spins
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_versions();
CREATE TRIGGER spins_bump_delete AFTER DELETE ON spins
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_versions();
CREATE TRIGGER friendships_bump_insert AFTER INSERT ON friendships
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_friendship_versions();
CREATE TRIGGER friendships_bump_delete AFTER DELETE ON friendships
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_friendship_versions();
