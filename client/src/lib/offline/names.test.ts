/**
 * Whether a browser holds a user's offline copy, read without opening IndexedDB (the start of
 * a signed-in page sends the outbox only when there is one: features/offline/offline.saga.ts).
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteOfflineCopy, openOfflineCopy } from './db';
import { hasOfflineCopy } from './names';

afterEach(async () => {
  await deleteOfflineCopy();
});

describe('hasOfflineCopy', () => {
  it('is false in a browser that never opened a copy', () => {
    expect(hasOfflineCopy(3)).toBe(false);
  });

  it("is true for the user whose copy was opened, false for another user's", async () => {
    await openOfflineCopy(3);
    expect(hasOfflineCopy(3)).toBe(true);
    expect(hasOfflineCopy(4)).toBe(false);
  });

  it('is false again once logging out deleted the copy', async () => {
    await openOfflineCopy(3);
    await deleteOfflineCopy();
    expect(hasOfflineCopy(3)).toBe(false);
  });
});
