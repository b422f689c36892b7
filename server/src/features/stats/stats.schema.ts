/** The query of GET /api/stats (API.md "Routes", "Listening statistics"). */
import { z } from 'zod';
import { isIsoDate } from '../../lib/dates.js';

/** Earliest and latest `today` accepted (the range of a spin's `listenedAt`, and then some). */
export const TODAY_MIN = '1900-01-01';
export const TODAY_MAX = '9999-12-31';

const TODAY_ERROR = 'must be a calendar date as YYYY-MM-DD';

/** `?today=D`: optional, a real calendar date `YYYY-MM-DD`; missing means the server's UTC date. */
export const statsQuerySchema = z.object({
  today: z
    .string({ error: TODAY_ERROR })
    .refine((text) => isIsoDate(text) && text >= TODAY_MIN && text <= TODAY_MAX, { error: TODAY_ERROR })
    .optional(),
});
