/**
 * Builds every workspace that has a `build` script, in the order of the root package.json's
 * `workspaces` (`npm run build`), or — with `--if-changed` (`npm start`) — only when a
 * source changed since the last successful build or a build output is missing, so that a
 * repeated `npm start` serves in seconds (README "Commands").
 *
 * The sources: every file of those workspaces except `node_modules/`, `dist/`, dot-files and
 * tests (`*.test.*`), plus the root's package.json, package-lock.json and tsconfig.base.json.
 * Their SHA-256 is kept after a successful build in node_modules/.cache/spincrate-build.json.
 * Run from the repository's root (npm does).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const ROOT_FILES = ['package.json', 'package-lock.json', 'tsconfig.base.json'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist']);
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;
const STAMP = path.join(root, 'node_modules', '.cache', 'spincrate-build.json');

/** The workspaces that build, in the root package.json's order: `{name, dir}`. */
function buildingWorkspaces() {
  const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return (rootPackage.workspaces ?? []).flatMap((dir) => {
    const manifest = path.join(root, dir, 'package.json');
    if (!existsSync(manifest)) return [];
    const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
    return pkg.scripts?.build ? [{ name: pkg.name, dir }] : [];
  });
}

/** Every source file under `dir` (relative to the root), sorted. */
function sourceFiles(dir) {
  const files = [];
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(child);
      } else if (entry.isFile() && !TEST_FILE.test(entry.name)) {
        files.push(child);
      }
    }
  };
  walk(dir);
  return files.sort();
}

/** The SHA-256 of the sources' paths and contents. */
function sourceHash(workspaces) {
  const hash = createHash('sha256');
  const files = [...ROOT_FILES.filter((file) => existsSync(path.join(root, file)))];
  for (const { dir } of workspaces) files.push(...sourceFiles(dir));
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** True when every building workspace has a non-empty `dist/`. */
function outputsPresent(workspaces) {
  return workspaces.every(({ dir }) => {
    const dist = path.join(root, dir, 'dist');
    return existsSync(dist) && readdirSync(dist).length > 0;
  });
}

function lastBuildHash() {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8')).sources;
  } catch {
    return undefined;
  }
}

const ifChanged = process.argv.includes('--if-changed');
const workspaces = buildingWorkspaces();
const hash = sourceHash(workspaces);
if (ifChanged && hash === lastBuildHash() && outputsPresent(workspaces)) {
  process.stdout.write('The build is up to date (no source changed since the last build).\n');
  process.exit(0);
}
rmSync(STAMP, { force: true });
for (const { name } of workspaces) {
  const result = spawnSync('npm', ['run', 'build', '--workspace', name], { stdio: 'inherit', cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
mkdirSync(path.dirname(STAMP), { recursive: true });
writeFileSync(STAMP, `${JSON.stringify({ sources: hash, builtAt: new Date().toISOString() })}\n`);
