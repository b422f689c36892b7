/**
 * Creating and dropping whole databases, for the test suites and the e2e runner
 * (each run gets a fresh database and removes it afterwards).
 */
import pg from 'pg';

function adminClient(serverUrl: string): pg.Client {
  const url = new URL(serverUrl);
  url.pathname = '/postgres';
  return new pg.Client({ connectionString: url.toString() });
}

/**
 * Creates a database on the server of `serverUrl`.
 * @returns the connection string of the new database
 */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name: ${name}`);
  const client = adminClient(serverUrl);
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database (ending its connections first). */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name: ${name}`);
  const client = adminClient(serverUrl);
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
