/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The server's port when `PORT` is not set (README "Configuration"). */
const DEFAULT_SERVER_PORT = '5001';

/**
 * Where `npm run dev` proxies the API and the covers: the server on `PORT` (5001 when unset),
 * the same variable the server listens on.
 * @param env - the environment (default `process.env`)
 */
export function devProxyTarget(env: Record<string, string | undefined> = process.env): string {
  return `http://localhost:${env.PORT?.trim() || DEFAULT_SERVER_PORT}`;
}

/** Files worth compressing (text), and the smallest size that is (API.md "Lists at scale"). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/i;
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build over 1 KB (brotli at
 * its highest quality, gzip level 9), so the server sends them precompressed
 * (express-static-gzip) and never compresses a static file per request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'spincrate-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      for (const entry of entries) {
        if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const body = await readFile(file);
        if (body.length < COMPRESS_MIN_BYTES) continue;
        await writeFile(
          `${file}.br`,
          brotliCompressSync(body, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/** Sass deprecations Bootstrap 5.3's own Sass triggers (nothing of ours). */
const SILENCED_SASS_DEPRECATIONS: ('import' | 'global-builtin' | 'color-functions' | 'if-function')[] = [
  'import',
  'global-builtin',
  'color-functions',
  'if-function',
];

// `npm run dev`: Vite with hot reload on 5173, the API proxied to the server on PORT (5001).
// changeOrigin stays false so the server sees the browser's own origin (same-origin check).
export default defineConfig(() => {
  const target = devProxyTarget();
  return {
    plugins: [react(), precompress()],
    css: {
      // Bootstrap 5.3's Sass still uses @import and global colour functions (client/src/bootstrap.scss).
      preprocessorOptions: {
        scss: {
          quietDeps: true,
          silenceDeprecations: SILENCED_SASS_DEPRECATIONS,
        },
      },
    },
    // The contract's TypeScript source, so dev, tests and the build need no prior build of it.
    resolve: {
      alias: {
        '@spincrate/contract': fileURLToPath(new URL('../contract/src/index.ts', import.meta.url)),
        // `@/…` is this workspace's src/ (tsconfig.json `paths`), in dev, tests and the build.
        '@/': fileURLToPath(new URL('./src/', import.meta.url)),
      },
    },
    server: {
      port: 5173,
      proxy: {
        '/api': { target, changeOrigin: false },
        '/covers': { target, changeOrigin: false },
      },
    },
    build: {
      sourcemap: false,
      chunkSizeWarningLimit: 800,
      rolldownOptions: {
        output: {
          // Everything the entry imports statically (the shell and the login screen) in one
          // chunk beside the entry, instead of a dozen small shared chunks: each request
          // costs its headers and a round trip on the first load (issue 11).
          codeSplitting: { groups: [{ name: 'app', tags: ['$initial' as const] }] },
        },
      },
    },
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: ['src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      testTimeout: 15_000,
      css: false,
    },
  };
});
