// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { coverSources } from './covers';

describe('cover sizes (EXTENSIONS.md §1: the smallest size that fills the card)', () => {
  it('offers the Cover Art Archive 250 and 500 px sizes', () => {
    expect(coverSources('https://coverartarchive.org/release-group/abc-123/front-500')).toEqual({
      src: 'https://coverartarchive.org/release-group/abc-123/front-250',
      srcSet:
        'https://coverartarchive.org/release-group/abc-123/front-250 250w, https://coverartarchive.org/release-group/abc-123/front-500 500w',
    });
  });

  it('offers the archive.org thumbnails', () => {
    const url = 'https://ia800100.us.archive.org/3/items/mbid-x/mbid-x-123_thumb500.jpg';
    expect(coverSources(url).srcSet).toBe(
      'https://ia800100.us.archive.org/3/items/mbid-x/mbid-x-123_thumb250.jpg 250w, https://ia800100.us.archive.org/3/items/mbid-x/mbid-x-123_thumb500.jpg 500w',
    );
  });

  it('offers Last.fm 174 and 300 px sizes', () => {
    const url = 'https://lastfm.freetls.fastly.net/i/u/300x300/0123abcd.jpg';
    expect(coverSources(url)).toEqual({
      src: url,
      srcSet:
        'https://lastfm.freetls.fastly.net/i/u/174s/0123abcd.jpg 174w, https://lastfm.freetls.fastly.net/i/u/300x300/0123abcd.jpg 300w',
    });
  });

  it('keeps any other URL as it is (the fallback cover)', () => {
    expect(coverSources('/covers/fallback.svg')).toEqual({ src: '/covers/fallback.svg' });
  });
});

describe('Spincrate\'s own thumbnails (API.md "Covers served by Spincrate")', () => {
  it('offers the 250 and 500 px thumbnails of cover instead of the source URL', () => {
    const key = '0123456789abcdef0123456789abcdef';
    const cover = { small: `/covers/${key}-250.webp`, large: `/covers/${key}-500.webp` };
    expect(coverSources('https://coverartarchive.org/release-group/abc-123/front-500', cover)).toEqual({
      src: `/covers/${key}-250.webp`,
      srcSet: `/covers/${key}-250.webp 250w, /covers/${key}-500.webp 500w`,
    });
  });

  it('falls back to the cover URL while cover is null', () => {
    const url = 'https://lastfm.freetls.fastly.net/i/u/300x300/0123abcd.jpg';
    expect(coverSources(url, null).src).toBe(url);
  });
});
