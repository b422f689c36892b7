// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseTags } from './RecordDetailsView';

describe('parseTags', () => {
  it('reads the JSON-encoded tags and ignores anything else', () => {
    expect(parseTags('["jazz","bebop"]')).toEqual(['jazz', 'bebop']);
    expect(parseTags('[]')).toEqual([]);
    expect(parseTags('not json')).toEqual([]);
    expect(parseTags('{"a":1}')).toEqual([]);
    expect(parseTags('["ok", 3, ""]')).toEqual(['ok']);
    expect(parseTags(null)).toEqual([]);
  });
});
