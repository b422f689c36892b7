/** The error body and the error codes of API.md "Conventions". */
import { z } from 'zod';

/** Every error code, with the HTTP status it comes with (API.md's table). */
export const ERROR_CODES = {
  validation_failed: 400,
  invalid_token: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  request_timeout: 408,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  headers_too_large: 431,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

/** One of API.md's error codes, e.g. `validation_failed`. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** The codes as a zod enum. */
export const errorCodeSchema = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]);

/**
 * Every error's body, whatever the status: `{error: {code, message, fields?}}`;
 * `fields` (field name → what is wrong) only for `validation_failed`.
 */
export const errorBodySchema = z
  .object({
    error: z
      .object({
        code: errorCodeSchema,
        message: z.string(),
        fields: z.record(z.string(), z.string()).optional(),
      })
      .strict(),
  })
  .strict();

/** An error body as the API sends it. */
export type ErrorBody = z.infer<typeof errorBodySchema>;
