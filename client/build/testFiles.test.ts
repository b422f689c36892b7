/**
 * A test file that mocks a module or stubs a global, run in a worker shared with other files,
 * would change what the files after it test: each such file must be in ISOLATED_TEST_FILES.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ISOLATED_TEST_FILES } from './testFiles';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Test files under `dir` (relative to client/), recursively. */
function testFilesUnder(dir: string): string[] {
  return readdirSync(path.join(clientDir, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')));
}

/** Calls that reach past the file that makes them. */
const LEAKING_CALL = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/;

describe('test files that mock a module or stub a global', () => {
  const files = [...testFilesUnder('src'), ...testFilesUnder('build')];

  it('finds the test files', () => {
    expect(files).toContain('src/app/App.test.tsx');
    expect(files.length).toBeGreaterThan(50);
  });

  it('run in a worker of their own, and the list names only such files', () => {
    const leaking = files
      .filter((file) => file !== 'build/testFiles.test.ts')
      .filter((file) => LEAKING_CALL.test(readFileSync(path.join(clientDir, file), 'utf8')))
      .sort();
    expect([...ISOLATED_TEST_FILES].sort()).toEqual(leaking);
  });
});
