/**
 * `GET /api/record/{id}/sides` (EXTENSIONS.md §8 "Add spin": side chips, hours and minutes
 * from the track lengths; API.md "ListenBrainz": a track with no length counts 60 s),
 * against the fake MusicBrainz's vinyl releases. The expected lengths are summed here from
 * the fake's tracklists, independently of the route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecord, createTestApp, createUser, signedInUser, type TestApp } from '@/test/harness.js';
import {
  FAKE_VINYL_RELEASES,
  startFakeMetadataServer,
  type FakeMetadataServer,
} from '@/test/fakeMetadataServer.js';
import { expectMatchesContract } from '@/test/contract.js';

const { twoSides, fourSides } = FAKE_VINYL_RELEASES;

let fake: FakeMetadataServer;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeMetadataServer();
  t = createTestApp({ env: { MUSICBRAINZ_API_URL: fake.musicbrainzApiUrl, METADATA_TIMEOUT_MS: '3000' } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** Each side of a fake release: its tracks and its whole seconds (60 for an unknown length). */
function expectedSides(release: (typeof FAKE_VINYL_RELEASES)[keyof typeof FAKE_VINYL_RELEASES]) {
  const sides: Array<{ side: string; tracks: number; seconds: number }> = [];
  for (const track of release.media.flatMap((m) => m.tracks)) {
    const letter = track.number[0]!;
    let side = sides.find((s) => s.side === letter);
    if (!side) sides.push((side = { side: letter, tracks: 0, seconds: 0 }));
    side.tracks += 1;
    side.seconds += track.length === null ? 60 : Math.round(track.length / 1000);
  }
  return sides;
}

async function recordOf(userId: number, ids: { mb_release_id?: string; discogs_release_id?: number }) {
  const recordId = await createRecord(t.db, userId);
  await t.db.query('UPDATE records SET mb_release_id = $2, discogs_release_id = $3 WHERE id = $1', [
    recordId,
    ids.mb_release_id ?? null,
    ids.discogs_release_id ?? null,
  ]);
  return recordId;
}

describe('GET /api/record/{id}/sides', () => {
  it('answers the sides A and B of a two-sided LP with their track counts and lengths', async () => {
    const { user, agent } = await signedInUser(t);
    const recordId = await recordOf(user.id, { mb_release_id: twoSides.id });
    const res = await agent.get(`/api/record/${recordId}/sides`);
    expectMatchesContract(res, 'GET /api/record/{id}/sides');
    expect(res.body).toEqual({
      sides: [
        { side: 'A', tracks: 5, seconds: 201 + 185 + 240 + 199 + 222 },
        { side: 'B', tracks: 4, seconds: 305 + 178 + 263 + 290 },
      ],
    });
    expect(res.body).toEqual({ sides: expectedSides(twoSides) });
  });

  it('counts 60 s for the track of unknown length on side C of the four-sided LP (found via Discogs)', async () => {
    const { user, agent } = await signedInUser(t);
    const recordId = await recordOf(user.id, { discogs_release_id: fourSides.discogsId });
    const res = await agent.get(`/api/record/${recordId}/sides`).expect(200);
    expect(res.body.sides.map((s: { side: string }) => s.side)).toEqual(['A', 'B', 'C', 'D']);
    expect(res.body.sides[2]).toEqual({ side: 'C', tracks: 3, seconds: 254 + 60 + 333 });
    expect(res.body).toEqual({ sides: expectedSides(fourSides) });
  });

  it('answers no sides for a record with no release found', async () => {
    const { user, agent } = await signedInUser(t);
    const recordId = await createRecord(t.db, user.id);
    const res = await agent.get(`/api/record/${recordId}/sides`);
    expectMatchesContract(res, 'GET /api/record/{id}/sides');
    expect(res.body).toEqual({ sides: [] });
  });

  it("answers 404 for another user's record, 400 for a bad id and 401 without a session", async () => {
    const { agent } = await signedInUser(t);
    const other = await createUser(t.db);
    const theirs = await recordOf(other.id, { mb_release_id: twoSides.id });
    const notFound = await agent.get(`/api/record/${theirs}/sides`);
    expect(notFound.status).toBe(404);
    expect(notFound.body.error.code).toBe('not_found');
    const bad = await agent.get('/api/record/abc/sides');
    expect(bad.status).toBe(400);
    const { default: supertest } = await import('supertest');
    expect((await supertest(t.app).get(`/api/record/${theirs}/sides`)).status).toBe(401);
  });
});
