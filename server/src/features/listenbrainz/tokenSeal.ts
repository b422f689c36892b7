/**
 * ListenBrainz tokens at rest (API.md "Field rules": token, stored encrypted): AES-256-GCM
 * with the key of `LISTENBRAINZ_TOKEN_KEY` (64 hex digits), a fresh 12-byte IV per token.
 * The sealed form is `iv (12) ‖ tag (16) ‖ ciphertext`.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyBytes(hexKey: string): Buffer {
  const key = Buffer.from(hexKey, 'hex');
  if (key.length !== 32) throw new Error('LISTENBRAINZ_TOKEN_KEY must be 32 bytes (64 hex digits)');
  return key;
}

/**
 * Encrypts a token.
 * @param hexKey - 64 hex digits
 * @returns `iv ‖ tag ‖ ciphertext`
 */
export function sealToken(hexKey: string, token: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyBytes(hexKey), iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/**
 * Decrypts a sealed token.
 * @throws Error when the key is not the one that sealed it or the bytes were changed
 */
export function openToken(hexKey: string, sealed: Buffer): string {
  const iv = sealed.subarray(0, IV_BYTES);
  const tag = sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', keyBytes(hexKey), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}
