import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_USER_AGENT } from '@/lib/metadata/http.js';
import { request } from './contract.js';
import { createTestApp, type TestApp } from './harness.js';

const WORKSPACES = ['', 'contract/', 'server/', 'client/', 'e2e/'];

function versionOf(workspace: string): string {
  const file = new URL(`../../../${workspace}package.json`, import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

let t: TestApp;

beforeAll(() => {
  t = createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('the app version', () => {
  const version = versionOf('');

  it('is the same in every package.json', () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    for (const workspace of WORKSPACES)
      expect(versionOf(workspace), `${workspace}package.json`).toBe(version);
  });

  it('is what the footer label, the OpenAPI document and the metadata User-Agent say', async () => {
    const config = await request(t.app).get('/api/config').expect(200);
    expect(config.body.version).toBe(`v${version}`);
    const doc = await request(t.app).get('/api/openapi.json').expect(200);
    expect(doc.body.info.version).toBe(version);
    expect(METADATA_USER_AGENT).toContain(`Spincrate/${version} `);
  });
});
