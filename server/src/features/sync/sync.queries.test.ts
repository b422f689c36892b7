/**
 * The fallback cover a sync page adds to a record without a cover URL of its own (API.md:
 * `coverart` is never empty), kept in ASCII like the records' bodies (migration 0026).
 */
import { describe, expect, it } from 'vitest';
import { syncCoverFallback } from './sync.queries.js';

describe('syncCoverFallback', () => {
  it('gives the `coverart` key of the URL as it is, in ASCII JSON', () => {
    for (const url of [
      'https://spincrate.example/covers/fallback.svg',
      'https://bücher.example/plattenhülle "1".svg?a=\\b',
      'https://example.test/🎵/cover.svg',
    ]) {
      const text = syncCoverFallback(url);
      expect(text).toMatch(/^[\x20-\x7e]*$/);
      expect(JSON.parse(`{${text.slice(1)}}`)).toEqual({ coverart: url });
    }
    expect(syncCoverFallback('https://bücher.example/x.svg')).toBe(
      ',"coverart":"https://b\\u00fccher.example/x.svg"',
    );
  });
});
