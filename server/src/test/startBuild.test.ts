/**
 * `npm start` builds only when a source changed since the last build or a build output is
 * missing (README "Commands"); `npm run build` always builds. The real scripts/build.mjs,
 * run as a process on a small repository of two workspaces whose builds count themselves.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot } from '@/config.js';

const SCRIPT = path.join(repoRoot, 'scripts', 'build.mjs');
let repo: string;

/** A build that records its run in `builds.log` and writes `dist/out.txt`. */
const BUILD_JS = `
const fs = require('node:fs');
fs.appendFileSync('../builds.log', require('./package.json').name + '\\n');
fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync('dist/out.txt', 'built');
`;

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  writeFileSync(path.join(repo, file), text);
}

// A repository of its own for each test: the first test's "first start" must be the first
// build of its repository, whatever the order the tests run in (--sequence.shuffle).
beforeEach(() => {
  repo = mkdtempSync(path.join(os.tmpdir(), 'spincrate-build-'));
  write('package.json', JSON.stringify({ name: 'fake', private: true, workspaces: ['lib', 'app', 'docs'] }));
  write('package-lock.json', '{"lockfileVersion":3}');
  for (const name of ['lib', 'app']) {
    write(`${name}/package.json`, JSON.stringify({ name, scripts: { build: 'node build.cjs' } }));
    write(`${name}/build.cjs`, BUILD_JS);
    write(`${name}/src/index.ts`, `export const name = '${name}';\n`);
  }
  write('app/index.html', '<!doctype html>');
  // A workspace without a build script (like e2e) is neither built nor watched.
  write('docs/package.json', JSON.stringify({ name: 'docs' }));
  write('docs/guide.md', 'v1');
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

/** Runs the script the way `npm start` (`--if-changed`) or `npm run build` does. @returns the builds it ran */
function run(...args: string[]): string[] {
  const before = existsSync(path.join(repo, 'builds.log'))
    ? readFileSync(path.join(repo, 'builds.log'), 'utf8')
    : '';
  const result = spawnSync(process.execPath, [SCRIPT, ...args], { cwd: repo, encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  const after = readFileSync(path.join(repo, 'builds.log'), 'utf8');
  return after.slice(before.length).split('\n').filter(Boolean);
}

// Each build runs npm twice (about 1–3 s each on a loaded 2-core machine).
describe('npm start builds only what changed since the last build', { timeout: 180_000 }, () => {
  it('builds on the first start, then not again until a source, the lockfile or an output changes', () => {
    expect(run('--if-changed')).toEqual(['lib', 'app']);
    expect(run('--if-changed')).toEqual([]);

    write('app/src/index.ts', "export const name = 'app 2';\n");
    expect(run('--if-changed')).toEqual(['lib', 'app']);
    expect(run('--if-changed')).toEqual([]);

    write('lib/src/new.ts', 'export {};\n');
    expect(run('--if-changed')).toEqual(['lib', 'app']);
    write('app/index.html', '<!doctype html><title>x</title>');
    expect(run('--if-changed')).toEqual(['lib', 'app']);
    write('package-lock.json', '{"lockfileVersion":3,"packages":{}}');
    expect(run('--if-changed')).toEqual(['lib', 'app']);

    rmSync(path.join(repo, 'app', 'dist'), { recursive: true });
    expect(run('--if-changed')).toEqual(['lib', 'app']);

    // Tests and workspaces that do not build are not sources of the build.
    write('lib/src/index.test.ts', 'test');
    write('docs/guide.md', 'v2');
    expect(run('--if-changed')).toEqual([]);
  });

  it('always builds for npm run build', () => {
    run('--if-changed');
    expect(run()).toEqual(['lib', 'app']);
    expect(run()).toEqual(['lib', 'app']);
  });

  it('builds again after a build that failed', () => {
    run('--if-changed');
    write('app/build.cjs', `${BUILD_JS}\nprocess.exit(1);\n`);
    const failed = spawnSync(process.execPath, [SCRIPT, '--if-changed'], { cwd: repo, encoding: 'utf8' });
    expect(failed.status).not.toBe(0);
    write('app/build.cjs', BUILD_JS);
    expect(run('--if-changed')).toEqual(['lib', 'app']);
    expect(run('--if-changed')).toEqual([]);
  });
});

describe('the repository', () => {
  it('starts with the build script that skips an unchanged build', () => {
    const scripts = (
      JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(scripts.start).toMatch(/^node scripts\/build\.mjs --if-changed && /);
    expect(scripts.build).toBe('node scripts/build.mjs');
  });
});
