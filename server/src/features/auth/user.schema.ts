/** Request bodies of the user feature (API.md "Field rules": username, password). */
import { z } from 'zod';
import { requiredText } from '../../lib/validation.js';

/** Longest password accepted, in UTF-8 bytes (bcrypt reads no further). */
export const PASSWORD_MAX_BYTES = 72;
/** Shortest password accepted at registration, in UTF-8 bytes. */
export const PASSWORD_MIN_BYTES = 8;

const password = z
  .string({ error: (i) => (i.input === undefined || i.input === null ? 'is required' : 'must be text') })
  .refine((p) => p.trim().length > 0, 'is required')
  .refine(
    (p) => Buffer.byteLength(p, 'utf8') <= PASSWORD_MAX_BYTES,
    `must be at most ${PASSWORD_MAX_BYTES} bytes`,
  );

/** POST /api/user/register */
export const registerSchema = z.object({
  username: requiredText(30).regex(
    /^[A-Za-z0-9_.-]{3,30}$/,
    'must be 3 to 30 characters: letters, digits, _ . or -',
  ),
  password: password.refine(
    (p) => Buffer.byteLength(p, 'utf8') >= PASSWORD_MIN_BYTES,
    `must be at least ${PASSWORD_MIN_BYTES} bytes`,
  ),
});

/** POST /api/user/login */
export const loginSchema = z.object({
  username: requiredText(200),
  password,
});
