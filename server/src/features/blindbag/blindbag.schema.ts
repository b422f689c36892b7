/** The query of GET /api/blindbag (API.md "Field rules": search, 0–200 characters for the blindbag). */
import { z } from 'zod';
import { SEARCH_MAX_LENGTH } from '../../lib/records.js';
import { optionalText } from '../../lib/validation.js';

/** `?search=T`: optional; trimmed; '' (or missing) draws from the whole crate. */
export const blindbagQuerySchema = z.object({
  search: optionalText(SEARCH_MAX_LENGTH),
});
