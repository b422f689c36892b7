/**
 * Share links (API.md "Share links", EXTENSIONS.md §7): the scopes, the limits, the
 * request bodies and queries, and the answers of `/api/share` and the public routes
 * `/api/public/{token}/…`.
 */
import { z } from 'zod';
import { MAX_ID, SEARCH_MAX_LENGTH } from './limits.js';
import { requiredText, trimmedChoice } from './fields.js';
import { FOLDER_MAX_LENGTH } from './collection.js';
import { cursorNeedsLimit, pageQueryFields } from './requests.js';
import { friendWantSchema, recordSchema, spinListItemSchema } from './entities.js';

/** What a share link lets its holder see: the crate, and the spins or the wants beside it. */
export const SHARE_SCOPES = ['crate', 'crate+spins', 'crate+wants'] as const;
/** One of {@link SHARE_SCOPES}. */
export type ShareScope = (typeof SHARE_SCOPES)[number];

/** At most this many share links per user; one more is 409 `conflict` (API.md "Share links"). */
export const SHARE_LINKS_MAX = 5;
/** Public requests allowed per client address a minute; one more is 429 `rate_limited`. */
export const PUBLIC_REQUESTS_PER_MINUTE = 120;
/** The path of a share link's page: `{origin}/s/{token}`. */
export const SHARE_PAGE_PREFIX = '/s/';
/**
 * A share token as the server makes them: 128 random bits in base64url (22 characters).
 * Anything else is answered like an unknown token (404), never 400.
 */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** `POST /api/share` body: `{scope}`. */
export const createShareSchema = z.object({
  scope: trimmedChoice(SHARE_SCOPES, (issue) =>
    issue.input === undefined ? 'is required' : `must be one of ${SHARE_SCOPES.join(', ')}`,
  ),
});
/** The body of POST /api/share. */
export type NewShareLink = z.input<typeof createShareSchema>;

const id = z.int().min(1).max(MAX_ID);
const timestamp = z.iso.datetime();

/** A share link as `GET /api/share` lists it: never its token. */
export const shareLinkSchema = z.strictObject({
  id,
  scope: z.enum(SHARE_SCOPES),
  created_at: timestamp,
  /** When a public route was last answered for this link, or null when never. */
  last_used_at: timestamp.nullable(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** `POST /api/share`'s 201: the link's `url` (with the token, shown only here) and its QR code as SVG text. */
export const createdShareLinkSchema = z.strictObject({
  id,
  scope: z.enum(SHARE_SCOPES),
  created_at: timestamp,
  url: z.url(),
  qr_svg: z.string().startsWith('<svg'),
});
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;

/** `GET /api/public/{token}`: whose crate, what the link shows, how many records. */
export const publicShareSchema = z.strictObject({
  username: z.string(),
  scope: z.enum(SHARE_SCOPES),
  records: z.int().min(0),
});
export type PublicShare = z.infer<typeof publicShareSchema>;

/** A Record as a public link shows it: the friend view (no price, purchase or location), without `user_id`. */
export const publicRecordSchema = recordSchema.omit({ user_id: true });
export type PublicRecord = z.infer<typeof publicRecordSchema>;

/** A Want as a public link shows it: as a friend sees it, without `max_price` (API.md "Wantlist"). */
export const publicWantSchema = friendWantSchema;
export type PublicWant = z.infer<typeof publicWantSchema>;

/** The path of every public route: `{token}` (any text; one that is not a live token is 404). */
export const publicTokenPathSchema = z.object({ token: z.string() });
/** `GET /api/public/{token}/records/{id}`. */
export const publicRecordPathSchema = z.object({ token: z.string(), id: z.string() });

/**
 * `GET /api/public/{token}/records`: `limit`, `cursor`, `sort`, `search` and `folder` as in
 * "Lists at scale" (a `cursor` needs a `limit`).
 */
export const publicRecordsQuery = z
  .object({
    ...pageQueryFields,
    search: requiredText(SEARCH_MAX_LENGTH).optional(),
    folder: requiredText(FOLDER_MAX_LENGTH).optional(),
  })
  .superRefine(cursorNeedsLimit);

/** `GET /api/public/{token}/spins`: `limit` and `cursor` as GET /api/spins. */
export const publicSpinsQuery = z
  .object({ limit: pageQueryFields.limit, cursor: pageQueryFields.cursor })
  .superRefine(cursorNeedsLimit);

/** `GET /api/public/{token}/spins`' items: the Spin with its records still in the crate. */
export const publicSpinSchema = spinListItemSchema.omit({ scrobble: true });
