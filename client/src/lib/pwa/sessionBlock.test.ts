import { describe, expect, it } from 'vitest';
import { readBootSession, SESSION_DATA_ID } from '@/lib/bootSession';
import { namesUser, SESSION_BLOCK_ID, sessionBlockOf, withSessionBlock } from './sessionBlock';

/** A page as the server writes it (server/src/app/page.ts sessionDataBlock, jsonDataBlock). */
const page = (session: string) =>
  '<!doctype html><html><head><title>Spincrate</title>' +
  `<script type="application/json" id="spincrate-session">${session}</script>` +
  '<script type="application/json" id="spincrate-config">{"chatbotName":"Crate Digger"}</script>' +
  '</head><body><div id="root"></div></body></html>';

const riley = '{"user":{"id":3,"username":"riley\\u003c/script\\u003e"}}';

describe('the session block the service worker keeps (EXTENSIONS.md §9)', () => {
  it('is the block the app reads at start', () => {
    expect(SESSION_BLOCK_ID).toBe(SESSION_DATA_ID);
  });

  it('is found in a page, and tells a signed-in user from nobody', () => {
    const block = sessionBlockOf(page(riley));
    expect(block).toBe(`<script type="application/json" id="spincrate-session">${riley}</script>`);
    expect(namesUser(block!)).toBe(true);
    expect(namesUser(sessionBlockOf(page('{"user":null}'))!)).toBe(false);
    expect(sessionBlockOf('<html><body>no block</body></html>')).toBeUndefined();
  });

  it('puts the kept user into the shell, so the app starts signed in as the server last said', () => {
    const shell = page('{"user":null}');
    const started = withSessionBlock(shell, sessionBlockOf(page(riley))!);
    const doc = new DOMParser().parseFromString(started, 'text/html');
    expect(readBootSession(doc)).toEqual({
      user: { id: 3, username: 'riley</script>' },
      status: 'succeeded',
    });
    // The rest of the shell is untouched (its configuration block too).
    expect(started.replace(riley, '{"user":null}')).toBe(shell);
  });

  it('leaves a shell without a block as it is', () => {
    const shell = '<html><body><div id="root"></div></body></html>';
    expect(withSessionBlock(shell, sessionBlockOf(page(riley))!)).toBe(shell);
  });
});
