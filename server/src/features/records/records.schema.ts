/**
 * Request bodies and queries of /api/record (API.md "Routes" and "Field rules"):
 * title and artist 1–200 characters, details at most 5,000 (optional on add, required
 * on edit), mood the id of a mood, search 1–200 characters. Text is trimmed first;
 * fields the client may not set (`user_id`, `id` on add, `date_added`) are dropped.
 */
import { z } from 'zod';
import { SEARCH_MAX_LENGTH } from '../../lib/records.js';
import { idField, optionalText, requiredText } from '../../lib/validation.js';

/** Longest title or artist, in characters. */
export const NAME_MAX_LENGTH = 200;
/** Longest record details, in characters. */
export const DETAILS_MAX_LENGTH = 5000;

/** Earliest and latest release year (API.md "Field rules": year). */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2100;

/** `year`: an integer 1900–2100, or null / absent (undefined). */
export const yearField = z
  .union([z.null(), z.number().int().min(YEAR_MIN).max(YEAR_MAX)], {
    error: `must be a whole number from ${YEAR_MIN} to ${YEAR_MAX}, or null`,
  })
  .optional();

/** POST /api/record/add: `{artist, title, mood, details?, year?}`. */
export const addRecordSchema = z.object({
  artist: requiredText(NAME_MAX_LENGTH),
  title: requiredText(NAME_MAX_LENGTH),
  mood: idField,
  details: optionalText(DETAILS_MAX_LENGTH),
  year: yearField,
});

/**
 * PUT /api/record/edit: `{id, artist, title, mood, details, year?}`; all but `year`
 * required. `year` null clears it; absent keeps the stored year.
 */
export const editRecordSchema = z.object({
  id: idField,
  artist: requiredText(NAME_MAX_LENGTH),
  title: requiredText(NAME_MAX_LENGTH),
  mood: idField,
  details: requiredText(DETAILS_MAX_LENGTH),
  year: yearField,
});

/** GET /api/record/search?search=T: T is 1–200 characters after trimming. */
export const searchQuerySchema = z.object({
  search: requiredText(SEARCH_MAX_LENGTH),
});
