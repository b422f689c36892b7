/**
 * The wantlist (API.md "Wantlist", EXTENSIONS.md §6): the request schemas of its routes
 * (the Want entity is in `entities.ts`, its sorts and limits in `limits.ts`), defined once for the server, the client and the e2e
 * suite. A want is never part of the crate.
 */
import { z } from 'zod';
import { collectionDetailsFields } from './collection.js';
import { idField, requiredText } from './fields.js';
import {
  DEFAULT_WANT_SORT,
  NAME_MAX_LENGTH,
  SEARCH_MAX_LENGTH,
  WANT_NOTES_MAX_LENGTH,
  WANT_PRIORITY_DEFAULT,
  WANT_PRIORITY_MAX,
  WANT_PRIORITY_MIN,
  WANT_SORTS,
} from './limits.js';
import { barcodeField, clientIdField, mbReleaseIdField, pageQueryFields, yearField } from './requests.js';

const PRIORITY_ERROR = `must be a whole number from ${WANT_PRIORITY_MIN} to ${WANT_PRIORITY_MAX}`;
const priorityField = z
  .int({ error: PRIORITY_ERROR })
  .min(WANT_PRIORITY_MIN, PRIORITY_ERROR)
  .max(WANT_PRIORITY_MAX, PRIORITY_ERROR);

const notesField = z
  .string({ error: 'must be text, or null' })
  .trim()
  .max(WANT_NOTES_MAX_LENGTH, `must be at most ${WANT_NOTES_MAX_LENGTH} characters`)
  // An empty text clears the notes, as null does.
  .transform((text) => (text === '' ? null : text))
  .nullable()
  .optional();

/** The fields a want's add and edit share; absent = unchanged on edit, null = cleared. */
const wantFields = {
  artist: requiredText(NAME_MAX_LENGTH),
  title: requiredText(NAME_MAX_LENGTH),
  year: yearField,
  barcode: barcodeField.nullable().optional(),
  mb_release_id: mbReleaseIdField.nullable().optional(),
  /** `{amount, currency}` as a record's `price`; parses to `{cents, currency}`. */
  max_price: collectionDetailsFields.price,
  notes: notesField,
};

/**
 * POST /api/want/add: `{artist, title, year?, barcode?, mb_release_id?, priority?, max_price?,
 * notes?, clientId?}`; `priority` defaults to 2 (null as absent); `clientId` a UUID of any
 * version, as a spin's (null as absent).
 */
export const addWantSchema = z.object({
  ...wantFields,
  priority: priorityField
    .nullish()
    .transform((p) => p ?? WANT_PRIORITY_DEFAULT)
    .meta({ description: '1 (most wanted) to 3; default 2' }),
  clientId: clientIdField,
});

/** PUT /api/want/edit: `{id, artist, title, …}`; an absent optional field keeps its value, null clears it. */
export const editWantSchema = z.object({
  id: idField,
  ...wantFields,
  priority: priorityField.optional(),
});

/**
 * POST /api/want/{id}/got: `{mood, media_condition?, sleeve_condition?, price?, purchased_on?,
 * purchased_from?, folder?, location?}`: the record the want becomes (rules of "Collection details").
 */
export const gotWantSchema = z.object({
  mood: idField,
  media_condition: collectionDetailsFields.media_condition,
  sleeve_condition: collectionDetailsFields.sleeve_condition,
  price: collectionDetailsFields.price,
  purchased_on: collectionDetailsFields.purchased_on,
  purchased_from: collectionDetailsFields.purchased_from,
  folder: collectionDetailsFields.folder,
  location: collectionDetailsFields.location,
});

/** Refuses a `cursor` without a `limit` (as the record lists do). */
function cursorNeedsLimit(query: { limit?: number; cursor?: string }, ctx: z.RefinementCtx): void {
  if (query.cursor !== undefined && query.limit === undefined) {
    ctx.addIssue({ code: 'custom', path: ['limit'], message: 'is required with a cursor' });
  }
}

const wantListFields = {
  limit: pageQueryFields.limit,
  cursor: pageQueryFields.cursor,
  sort: z
    .enum(WANT_SORTS, { error: `must be one of ${WANT_SORTS.join(', ')}` })
    .optional()
    .transform((sort) => sort ?? DEFAULT_WANT_SORT),
  /** Matches title, artist, notes or year, ignoring case (1–200 characters). */
  search: requiredText(SEARCH_MAX_LENGTH).optional(),
};

/** `GET /api/want?limit=N&cursor=C&sort=S&search=T`: all optional (API.md "Lists at scale"). */
export const wantListQuerySchema = z.object(wantListFields).superRefine(cursorNeedsLimit);

/** `GET /api/social/friends/want?id=F`, paged and searched as `GET /api/want`. */
export const friendWantsQuerySchema = z
  .object({ id: idField, ...wantListFields })
  .superRefine(cursorNeedsLimit);

/** The body of POST /api/want/add. */
export type AddWantBody = z.input<typeof addWantSchema>;
/** The body of PUT /api/want/edit. */
export type EditWantBody = z.input<typeof editWantSchema>;
/** The body of POST /api/want/{id}/got. */
export type GotWantBody = z.input<typeof gotWantSchema>;
