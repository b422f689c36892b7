/**
 * The pool's answer to a transaction PostgreSQL rolls back for a conflict with another one
 * (deadlock 40P01, serialization failure 40001): it runs again, and a conflict that never
 * clears is a 503 to try again, never a 500 (issue 21, "Concurrent writes fail today").
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { CONFLICT_ATTEMPTS, Database } from '@/db/database.js';
import { toHttpError } from '@/app/errorHandler.js';
import { ServiceUnavailableError } from '@/lib/errors.js';
import { createLogger } from '@/lib/logger.js';

let db: Database;
/** Names of this file's own function, sequence and table (the run's database is shared). */
const name = `conflicts_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

beforeAll(async () => {
  db = new Database({ connectionString: inject('databaseUrl'), logger: createLogger('silent'), max: 2 });
  await db.query(`CREATE SEQUENCE ${name}_calls`);
  await db.query(`CREATE TABLE ${name}_rows (attempt int NOT NULL)`);
  // Counts its calls (a sequence is not rolled back) and fails as PostgreSQL does when it
  // ends a transaction for a conflict, the first `fail_times` calls.
  await db.query(
    `CREATE FUNCTION ${name}(fail_times int, code text) RETURNS int LANGUAGE plpgsql AS $$
     DECLARE
       call int := nextval('${name}_calls');
     BEGIN
       IF call <= fail_times THEN
         RAISE EXCEPTION 'conflict on call %', call USING ERRCODE = code;
       END IF;
       RETURN call;
     END $$`,
  );
});
afterAll(async () => {
  await db.query(`DROP FUNCTION ${name}(int, text)`);
  await db.query(`DROP TABLE ${name}_rows`);
  await db.query(`DROP SEQUENCE ${name}_calls`);
  await db.close();
});

async function resetCalls(): Promise<void> {
  await db.query(`SELECT setval('${name}_calls', 1, false)`);
  await db.query(`DELETE FROM ${name}_rows`);
}

describe('a statement or transaction PostgreSQL ends for a conflict', () => {
  it.each(['40P01', '40001'])('runs a statement again after %s and answers its result', async (code) => {
    await resetCalls();
    const rows = await db.query<{ call: number }>(`SELECT ${name}(2, $1) AS call`, [code]);
    expect(rows).toEqual([{ call: 3 }]);
  });

  it('runs the whole transaction again, keeping only what the last run wrote', async () => {
    await resetCalls();
    let runs = 0;
    const result = await db.withTransaction(async (tx) => {
      runs += 1;
      await tx.query(`INSERT INTO ${name}_rows VALUES ($1)`, [runs]);
      const [row] = await tx.query<{ call: number }>(`SELECT ${name}(1, '40P01') AS call`);
      return row!.call;
    });
    expect(result).toBe(2);
    expect(runs).toBe(2);
    expect(await db.query(`SELECT attempt FROM ${name}_rows`)).toEqual([{ attempt: 2 }]);
  });

  it(`gives up after ${CONFLICT_ATTEMPTS} attempts with a 503 to try again, never a 500`, async () => {
    await resetCalls();
    const failure = await db.query(`SELECT ${name}(1000, '40P01')`).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ServiceUnavailableError);
    expect(toHttpError(failure)).toMatchObject({ status: 503, code: 'unavailable' });
    const [calls] = await db.query<{ last_value: number }>(`SELECT last_value FROM ${name}_calls`);
    expect(calls!.last_value).toBe(CONFLICT_ATTEMPTS);
  });

  it('answers 503, not 500, for a conflict that reaches the error handler', () => {
    for (const code of ['40P01', '40001']) {
      expect(toHttpError(Object.assign(new Error('conflict'), { code }))).toMatchObject({
        status: 503,
        code: 'unavailable',
      });
    }
  });
});
