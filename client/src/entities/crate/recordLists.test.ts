// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { recordListFirstPageUrl, searchActive } from '@spincrate/contract';

describe('a record list\'s first page (the contract\'s URL, API.md "Routes" and "Lists at scale")', () => {
  it('asks the own crate, its search, a friend’s crate, its search and a share link’s crate', () => {
    expect(recordListFirstPageUrl({ owner: 'own', sort: 'newest', limit: 60 })).toBe(
      '/api/record?limit=60&sort=newest',
    );
    expect(recordListFirstPageUrl({ owner: 'own', sort: 'artist_asc', search: 'blue', limit: 60 })).toBe(
      '/api/record/search?search=blue&limit=60&sort=artist_asc',
    );
    expect(recordListFirstPageUrl({ owner: 7, sort: 'oldest', search: '', limit: 60 })).toBe(
      '/api/social/friends/collection?id=7&limit=60&sort=oldest',
    );
    expect(recordListFirstPageUrl({ owner: 7, sort: 'newest', search: 'blue', limit: 60 })).toBe(
      '/api/social/friends/collection/search?search=blue&id=7&limit=60&sort=newest',
    );
    expect(
      recordListFirstPageUrl({
        owner: { token: 'a/b' },
        sort: 'title_asc',
        search: 'x',
        folder: 'Jazz',
        limit: 60,
      }),
    ).toBe('/api/public/a%2Fb/records?search=x&limit=60&sort=title_asc&folder=Jazz');
  });

  it('sends the folder when one is chosen, and encodes texts as a form does (the URL the server hands over)', () => {
    expect(recordListFirstPageUrl({ owner: 'own', sort: 'newest', folder: 'Shelf 2', limit: 60 })).toBe(
      '/api/record?limit=60&sort=newest&folder=Shelf+2',
    );
    const search = '  Blue Train & co (live)! ~ é*  ';
    expect(recordListFirstPageUrl({ owner: 'own', sort: 'newest', search, limit: 5 })).toBe(
      `/api/record/search?${new URLSearchParams({ search: search.trim(), limit: '5', sort: 'newest' }).toString()}`,
    );
  });
});

describe('a search is active (the one rule of the screens, the saga and the server’s page)', () => {
  it('when a search text or a folder narrows the list, not for blanks', () => {
    expect(searchActive({ search: 'blue' })).toBe(true);
    expect(searchActive({ search: '', folder: 'Jazz' })).toBe(true);
    expect(searchActive({ search: '', folder: '' })).toBe(false);
    expect(searchActive({ search: '   ', folder: null })).toBe(false);
    expect(searchActive({})).toBe(false);
  });
});
