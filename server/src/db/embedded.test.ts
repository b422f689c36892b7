/**
 * The embedded PostgreSQL's new data directories are UTF-8 whatever the environment's
 * locale, so the record sorts' ICU collation (API.md "Lists at scale": case- and
 * accent-insensitive order) exists on every `npm start`, also in a bare shell.
 */
import { describe, expect, it } from 'vitest';
import { initdbFlags } from './embedded.js';

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
