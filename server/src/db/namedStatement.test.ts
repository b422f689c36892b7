/**
 * Named statements (issue 21: planning was most of a blindbag draw's PostgreSQL time): each
 * connection prepares a named statement once and runs it again by its name, in a
 * transaction as on its own; one name never names two texts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { Database, namedStatement } from '@/db/database.js';
import { createLogger } from '@/lib/logger.js';

let db: Database;
const suffix = randomUUID().replace(/-/g, '').slice(0, 12);

beforeAll(() => {
  db = new Database({ connectionString: inject('databaseUrl'), logger: createLogger('silent'), max: 1 });
});
afterAll(async () => {
  await db.close();
});

describe('namedStatement', () => {
  it('is prepared once on a connection and answers with each run’s own values', async () => {
    const twice = namedStatement(`test-twice-${suffix}`, 'SELECT $1::int * 2 AS n');
    expect(await db.query<{ n: number }>(twice, [2])).toEqual([{ n: 4 }]);
    expect(await db.query<{ n: number }>(twice, [21])).toEqual([{ n: 42 }]);
    expect(await db.withTransaction((tx) => tx.query<{ n: number }>(twice, [5]))).toEqual([{ n: 10 }]);
    // One connection (max: 1): the statement is prepared on it once, under its name.
    const prepared = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = $1',
      [twice.name],
    );
    expect(prepared).toEqual([{ n: 1 }]);
  });

  it('refuses one name for two texts, and gives the same statement for the same text', () => {
    const name = `test-one-name-${suffix}`;
    const first = namedStatement(name, 'SELECT 1');
    expect(namedStatement(name, 'SELECT 1')).toEqual(first);
    expect(() => namedStatement(name, 'SELECT 2')).toThrow(/names two texts/);
  });
});
