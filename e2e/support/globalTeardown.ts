/**
 * Playwright global teardown: stops everything global setup started (the app with
 * SIGTERM, which stops its embedded PostgreSQL; the fake metadata server), drops an
 * external run database and removes the temporary folder.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { stackStateFile } from './locations.js';
import { stopStack, type StackState } from './stack.js';

/** Stops the stack; Playwright calls this once after the last worker. */
export default async function globalTeardown(): Promise<void> {
  if (!existsSync(stackStateFile)) return;
  const state = JSON.parse(readFileSync(stackStateFile, 'utf8')) as StackState;
  await stopStack(state);
  rmSync(stackStateFile, { force: true });
}
