/** Which hosts and addresses a cover may be fetched from (API.md "Covers served by Spincrate"). */
import { describe, expect, it } from 'vitest';
import { isPrivateAddress, matchCoverHost } from './covers.fetch.js';

describe('cover sources', () => {
  it('takes loopback, private, link-local and unspecified addresses for private, public ones not', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '151.101.1.1', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('matches configured hosts exactly or as subdomains of a *. entry, ignoring case', () => {
    const hosts = ['archive.org', '*.archive.org', 'lastfm.freetls.fastly.net'];
    expect(matchCoverHost('archive.org', hosts)).toBe('exact');
    expect(matchCoverHost('IA800100.us.Archive.org', hosts)).toBe('wildcard');
    expect(matchCoverHost('lastfm.freetls.fastly.net', hosts)).toBe('exact');
    expect(matchCoverHost('evilarchive.org', hosts)).toBeNull();
    expect(matchCoverHost('archive.org.evil.example', hosts)).toBeNull();
    expect(matchCoverHost('fastly.net', hosts)).toBeNull();
  });
});
