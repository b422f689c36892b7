/**
 * The query of GET /api/blindbag (API.md "Routes" and "Field rules": search, 0–200
 * characters for the blindbag; `unplayedDays` 1–36500).
 */
import { z } from 'zod';
import { SEARCH_MAX_LENGTH } from '../../lib/records.js';
import { optionalText } from '../../lib/validation.js';

/** Longest "not played in" span, in days (100 years). */
export const UNPLAYED_DAYS_MAX = 36500;

/**
 * `?search=T&unplayedDays=N`: T optional, trimmed ('' or missing draws from the whole
 * crate); N optional, a whole number of days 1–36500 written in digits.
 */
export const blindbagQuerySchema = z.object({
  search: optionalText(SEARCH_MAX_LENGTH),
  unplayedDays: z
    .string({ error: `must be a whole number of days from 1 to ${UNPLAYED_DAYS_MAX}` })
    .regex(/^[0-9]{1,5}$/, { error: `must be a whole number of days from 1 to ${UNPLAYED_DAYS_MAX}` })
    .transform(Number)
    .refine((n) => n >= 1 && n <= UNPLAYED_DAYS_MAX, {
      error: `must be a whole number of days from 1 to ${UNPLAYED_DAYS_MAX}`,
    })
    .optional(),
});
