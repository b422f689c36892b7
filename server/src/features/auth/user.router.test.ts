import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '@/test/contract.js';
import { createTestApp, createUser, loginAgent, uniqueUsername, type TestApp } from '@/test/harness.js';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(async () => {
  await t.close();
});

function sessionCookie(res: request.Response): string | undefined {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return cookies.find((c) => c.startsWith('spincrate.sid='))?.split(';')[0];
}

describe('POST /api/user/register', () => {
  it('creates the user and answers 201 User without logging in', async () => {
    const username = uniqueUsername('reg');
    const res = await request(t.app).post('/api/user/register').send({ username, password: 'password123' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), username });
    expect(res.body).not.toHaveProperty('password_hash');
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('trims the username before storing it', async () => {
    const username = uniqueUsername('trim');
    const res = await request(t.app)
      .post('/api/user/register')
      .send({ username: `  ${username} `, password: 'password123' });
    expect(res.status).toBe(201);
    expect(res.body.username).toBe(username);
  });

  it('answers 409 conflict for a username taken in another case', async () => {
    const user = await createUser(t.db);
    const res = await request(t.app)
      .post('/api/user/register')
      .send({ username: user.username.toUpperCase(), password: 'password123' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('conflict');
  });

  it.each([
    [{ password: 'password123' }, 'username'],
    [{ username: '', password: 'password123' }, 'username'],
    [{ username: 'ab', password: 'password123' }, 'username'],
    [{ username: 'has space', password: 'password123' }, 'username'],
    [{ username: 'x'.repeat(31), password: 'password123' }, 'username'],
    [{ username: 'validname' }, 'password'],
    [{ username: 'validname', password: 'short' }, 'password'],
    [{ username: 'validname', password: 'é'.repeat(37) }, 'password'],
    [{ username: 'validname', password: 12345678 }, 'password'],
  ])('answers 400 naming the bad field for %j', async (body, field) => {
    const res = await request(t.app).post('/api/user/register').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toHaveProperty(field);
  });

  it('refuses a password over 72 bytes instead of cutting it', async () => {
    const res = await request(t.app)
      .post('/api/user/register')
      .send({ username: uniqueUsername('long'), password: 'a'.repeat(73) });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.password).toMatch(/72/);
  });

  it('lets a duplicate username racing itself give one 201 and 409s, never a 500', async () => {
    const username = uniqueUsername('race');
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        request(t.app).post('/api/user/register').send({ username, password: 'password123' }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
  });
});

describe('POST /api/user/login and GET /api/user', () => {
  it('logs in ignoring the username case and then GET /api/user returns the user', async () => {
    const user = await createUser(t.db);
    const agent = t.agent();
    const res = await agent
      .post('/api/user/login')
      .send({ username: user.username.toUpperCase(), password: user.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: user.id, username: user.username });
    const cookie = res.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const me = await agent.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ id: user.id, username: user.username });
  });

  it('answers 401 invalid_credentials for a wrong password and for an unknown user', async () => {
    const user = await createUser(t.db);
    const wrong = await request(t.app)
      .post('/api/user/login')
      .send({ username: user.username, password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('invalid_credentials');
    const unknown = await request(t.app)
      .post('/api/user/login')
      .send({ username: uniqueUsername('nobody'), password: 'whatever1' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe('invalid_credentials');
  });

  it('answers 400 when a field is missing', async () => {
    const res = await request(t.app).post('/api/user/login').send({ username: 'someone' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty('password');
  });

  it('answers 401 unauthenticated for GET /api/user without a session', async () => {
    const res = await request(t.app).get('/api/user');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });

  it('issues a new session id at login, so a fixed session id is dead afterwards', async () => {
    const user = await createUser(t.db);
    // A session that exists before login (from an earlier login of someone else).
    const other = await createUser(t.db);
    const first = await request(t.app)
      .post('/api/user/login')
      .send({ username: other.username, password: other.password });
    const before = sessionCookie(first)!;
    const second = await request(t.app)
      .post('/api/user/login')
      .set('Cookie', before)
      .send({ username: user.username, password: user.password });
    const after = sessionCookie(second)!;
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    const withOld = await request(t.app).get('/api/user').set('Cookie', before);
    expect(withOld.status).toBe(401);
    const withNew = await request(t.app).get('/api/user').set('Cookie', after);
    expect(withNew.body.username).toBe(user.username);
  });
});

describe('POST /api/user/logout', () => {
  it('destroys the session in the store, so replaying the old cookie is refused', async () => {
    const user = await createUser(t.db);
    const login = await request(t.app)
      .post('/api/user/login')
      .send({ username: user.username, password: user.password });
    const cookie = sessionCookie(login)!;
    const sessionsBefore = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM session WHERE sess::text LIKE $1',
      [`%"user":${user.id}}%`],
    );
    expect(sessionsBefore[0]!.n).toBe(1);
    const out = await request(t.app).post('/api/user/logout').set('Cookie', cookie);
    expect(out.status).toBe(204);
    expect(String(out.headers['set-cookie'] ?? '')).toMatch(/spincrate\.sid=;/);
    const sessionsAfter = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM session WHERE sess::text LIKE $1',
      [`%"user":${user.id}}%`],
    );
    expect(sessionsAfter[0]!.n).toBe(0);
    const replay = await request(t.app).get('/api/user').set('Cookie', cookie);
    expect(replay.status).toBe(401);
  });

  it('answers 204 without a session, sending no cookie and storing no session', async () => {
    const res = await request(t.app).post('/api/user/logout');
    expect(res.status).toBe(204);
    expect(res.headers['set-cookie']).toBeUndefined();
    // Only logged-in sessions are ever stored: no anonymous session row exists.
    const rows = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM session WHERE NOT (sess::jsonb ? 'passport')",
    );
    expect(rows[0]?.n).toBe(0);
  });
});

describe('login limits', () => {
  it('answers 429 with Retry-After after 10 failed logins for one username, in any case', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 10; i++) {
      const res = await request(t.app)
        .post('/api/user/login')
        .send({ username: i % 2 ? user.username.toUpperCase() : user.username, password: 'wrong-password' });
      expect(res.status).toBe(401);
    }
    const limited = await request(t.app)
      .post('/api/user/login')
      .send({ username: user.username, password: user.password });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('clears the username count after a successful login', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 9; i++) {
      await request(t.app)
        .post('/api/user/login')
        .send({ username: user.username, password: 'wrong-password' });
    }
    await loginAgent(t, user);
    for (let i = 0; i < 9; i++) {
      const res = await request(t.app)
        .post('/api/user/login')
        .send({ username: user.username, password: 'wrong-password' });
      expect(res.status).toBe(401);
    }
    await loginAgent(t, user);
  });

  it('counts failures per client address across usernames (100 in 15 minutes)', async () => {
    const trusted = createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const address = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
      // Only this address's count: the files beside this one count their own addresses.
      await t.db.query('DELETE FROM login_failures WHERE key = $1', [`ip:${address}`]);
      for (let i = 0; i < 100; i++) {
        const res = await request(trusted.app)
          .post('/api/user/login')
          .set('X-Forwarded-For', address)
          .send({ username: uniqueUsername('ip'), password: 'wrong-password' });
        expect(res.status).toBe(401);
      }
      const limited = await request(trusted.app)
        .post('/api/user/login')
        .set('X-Forwarded-For', address)
        .send({ username: uniqueUsername('ip'), password: 'wrong-password' });
      expect(limited.status).toBe(429);
      const elsewhere = await request(trusted.app)
        .post('/api/user/login')
        .set('X-Forwarded-For', '198.51.100.7')
        .send({ username: uniqueUsername('ip'), password: 'wrong-password' });
      expect(elsewhere.status).toBe(401);
    } finally {
      await trusted.close();
    }
  }, 120_000);
});
