#!/usr/bin/env node
/**
 * Rewrites relative imports that climb out of their folder (`../…`) into the workspace
 * alias `@/…` (issue 9, item 6: one alias per workspace).
 *
 *   node scripts/alias-imports.mjs           rewrite the files, print what changed
 *   node scripts/alias-imports.mjs --check   change nothing; exit 1 when a file would change
 *
 * Each workspace's alias is read from its `tsconfig.json` (`compilerOptions.paths["@/*"]`,
 * e.g. `./src/*`); a workspace without one (the contract: flat, and bundled into the client
 * from source, where `@/` means the client's src/) is left alone. In `.ts`/`.tsx` files under
 * client/src, server/src, e2e and contract/src, every module path starting with `../` in
 * `import … from`, `export … from`, `import(…)`, `vi.mock(…)` / `vi.importActual(…)` … is
 * replaced by `@/` + its path from the alias folder, when it points inside that folder;
 * paths into another workspace are reported and kept. Same-folder `./x` imports stay.
 *
 * Idempotent: a second run finds no `../` left and changes nothing, so it is safe to run
 * again after other branches are merged.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The folders to rewrite, and the workspace (tsconfig) each belongs to. */
const TARGETS = [
  { workspace: 'client', scan: 'client/src' },
  { workspace: 'server', scan: 'server/src' },
  { workspace: 'e2e', scan: 'e2e' },
  { workspace: 'contract', scan: 'contract/src' },
];

const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  'e2e-results',
  'playwright-report',
  'test-output',
  '.data',
]);

/**
 * A module path in an import-like position: `from '…'`, `import '…'`, `import('…')`,
 * `vi.mock('…')`, `vi.importActual<…>('…')` and the like. Group 1: what precedes the
 * quote; 2: the quote; 3: the path.
 */
const SPECIFIER =
  /(\bfrom\s*|\bimport\s*(?:\(\s*)?|\bvi\.(?:mock|doMock|unmock|doUnmock|importActual|importMock)\s*(?:<[^>()]*>)?\s*\(\s*)(['"])(\.\.\/[^'"\n]*)\2/g;

/** The folder `@/` stands for in `workspace`, from its tsconfig.json; undefined when none. */
function aliasRoot(workspace) {
  const file = path.join(root, workspace, 'tsconfig.json');
  // tsconfig files may hold comments and trailing commas.
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/,(\s*[}\]])/g, '$1');
  const target = JSON.parse(text).compilerOptions?.paths?.['@/*']?.[0];
  if (typeof target !== 'string' || !target.endsWith('/*')) return undefined;
  return path.resolve(path.dirname(file), target.slice(0, -2));
}

/** Every .ts/.tsx file below `dir`. */
function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const check = process.argv.includes('--check');
let changedFiles = 0;
let rewritten = 0;
const kept = [];

for (const { workspace, scan } of TARGETS) {
  const scanDir = path.join(root, scan);
  if (!statSync(scanDir, { throwIfNoEntry: false })?.isDirectory()) continue;
  const aliasDir = aliasRoot(workspace);
  if (!aliasDir) {
    process.stdout.write(`${workspace}: no "@/*" path in its tsconfig.json, left as it is\n`);
    continue;
  }
  for (const file of sourceFiles(scanDir)) {
    const before = readFileSync(file, 'utf8');
    let count = 0;
    const after = before.replace(SPECIFIER, (whole, lead, quote, spec) => {
      const target = path.resolve(path.dirname(file), spec);
      const inside = path.relative(aliasDir, target);
      if (inside.startsWith('..') || path.isAbsolute(inside)) {
        kept.push(`${path.relative(root, file)}: ${spec} (outside ${path.relative(root, aliasDir)})`);
        return whole;
      }
      count += 1;
      return `${lead}${quote}@/${inside.split(path.sep).join('/')}${quote}`;
    });
    if (after === before) continue;
    changedFiles += 1;
    rewritten += count;
    if (!check) writeFileSync(file, after);
    process.stdout.write(`${check ? 'would rewrite' : 'rewrote'} ${count} in ${path.relative(root, file)}\n`);
  }
}

for (const line of kept) process.stdout.write(`kept (another workspace): ${line}\n`);
process.stdout.write(
  `${changedFiles} file(s), ${rewritten} import(s) ${check ? 'to rewrite' : 'rewritten'}\n`,
);
if (check && changedFiles > 0) process.exitCode = 1;
