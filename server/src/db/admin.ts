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
 * @param serverUrl - connection string of any database on the server
 * @param name - the new database's name (lower-case letters, digits and `_`)
 * @param options.template - a database on the same server to copy (`CREATE DATABASE … TEMPLATE`),
 *   schema and rows, instead of an empty one; nobody may be connected to it meanwhile
 * @returns the connection string of the new database
 * @throws Error on an unsafe name, or when the server refuses (name taken, template in use)
 */
export async function createDatabase(
  serverUrl: string,
  name: string,
  options: { template?: string } = {},
): Promise<string> {
  for (const given of [name, options.template ?? '']) {
    if (!/^[a-z0-9_]*$/.test(given)) throw new Error(`unsafe database name: ${given}`);
  }
  if (!name) throw new Error('unsafe database name: (empty)');
  const client = adminClient(serverUrl);
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}` : ''}`);
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
