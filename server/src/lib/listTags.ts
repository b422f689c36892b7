/**
 * The `ETag`s of list and record GETs (API.md "Lists at scale"): an HMAC-SHA256, keyed
 * with a server secret, of the URL, the viewer and the answer's version. Without the
 * secret nobody can compute the tag of an answer they were not sent (issue 20: the tag
 * of a stranger's list cannot be guessed to learn when its owner writes).
 */
import { createHmac, hkdfSync, type KeyObject, createSecretKey } from 'node:crypto';

/**
 * The key of the tags: `ETAG_SECRET` when it is set, else derived from the session secret
 * (HKDF-SHA256 with its own label, so a tag never reveals anything of the cookie key).
 * @param etagSecret - `config.ETAG_SECRET`
 * @param sessionSecret - the secret that signs session cookies
 */
export function tagKey(etagSecret: string | undefined, sessionSecret: string): KeyObject {
  const key = etagSecret
    ? Buffer.from(etagSecret, 'utf8')
    : Buffer.from(hkdfSync('sha256', sessionSecret, '', 'spincrate list etag', 32));
  return createSecretKey(key);
}

/** Makes and compares the tags of one app (built once, with the app's key). */
export class ListTags {
  constructor(private readonly key: KeyObject) {}

  /**
   * The strong `ETag` of an answer, quoted: `"<43 base64url characters>"`.
   * @param viewerId - the signed-in user the answer is for
   * @param url - the path and query of the GET (`req.originalUrl`)
   * @param version - the answer's version (`listVersions.ts`), or any text that changes with it
   */
  tag(viewerId: number, url: string, version: number | string): string {
    return `"${createHmac('sha256', this.key).update(`${viewerId}\n${version}\n${url}`).digest('base64url')}"`;
  }
}

/**
 * True when an `If-None-Match` header names `tag` (weak tags compare equal too). `*` is
 * not matched here: it matches only an answer that exists, which the caller decides.
 */
export function namesTag(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === tag);
}

/** True when an `If-None-Match` header holds `*` (any current answer). */
export function namesAnyTag(header: string | undefined): boolean {
  return header !== undefined && header.split(',').some((t) => t.trim() === '*');
}
