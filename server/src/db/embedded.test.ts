/**
 * The embedded PostgreSQL's new data directories are UTF-8 whatever the environment's
 * locale, so the record sorts' ICU collation (API.md "Lists at scale": case- and
 * accent-insensitive order) exists on every `npm start`, also in a bare shell.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '@/lib/logger.js';
import { initdbFlags, postgresMallocEnvironment, startEmbeddedDatabase } from './embedded.js';

describe('initdb flags of a new data directory', () => {
  it('asks for UTF-8 and keeps a UTF-8 locale of the environment', () => {
    expect(initdbFlags({ LANG: 'en_US.UTF-8' })).toEqual(['--encoding=UTF8']);
    expect(initdbFlags({ LC_ALL: 'de_DE.utf8', LANG: 'C' })).toEqual(['--encoding=UTF8']);
  });

  it('falls back to the C locale when the environment has none or an 8-bit one', () => {
    expect(initdbFlags({})).toEqual(['--encoding=UTF8', '--locale=C']);
    expect(initdbFlags({ LANG: 'POSIX' })).toEqual(['--encoding=UTF8', '--locale=C']);
    expect(initdbFlags({ LANG: 'en_US.ISO-8859-1' })).toEqual(['--encoding=UTF8', '--locale=C']);
  });
});

describe('memory settings of the embedded PostgreSQL', () => {
  it('asks glibc to keep blocks of up to 8 MB on the heap, and keeps what the environment sets', () => {
    expect(postgresMallocEnvironment({})).toEqual({
      MALLOC_MMAP_THRESHOLD_: '8388608',
      MALLOC_TRIM_THRESHOLD_: '16777216',
    });
    expect(postgresMallocEnvironment({ MALLOC_TRIM_THRESHOLD_: '0' })).toEqual({
      MALLOC_MMAP_THRESHOLD_: '8388608',
    });
  });

  it('starts PostgreSQL with them, and leaves this process environment as it was', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'spincrate-embedded-'));
    const before = { ...process.env };
    const embedded = await startEmbeddedDatabase({ dataDir, port: 0, logger: createLogger('silent') });
    try {
      expect(process.env).toEqual(before);
      const postmaster = Number(
        readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      const environment = readFileSync(`/proc/${postmaster}/environ`, 'utf8').split('\0');
      expect(environment).toContain('MALLOC_MMAP_THRESHOLD_=8388608');
      expect(environment).toContain('MALLOC_TRIM_THRESHOLD_=16777216');
    } finally {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
