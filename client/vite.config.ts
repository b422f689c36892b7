/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

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

// `npm run dev`: Vite with hot reload on 5173, the API proxied to the server on PORT (5001).
// changeOrigin stays false so the server sees the browser's own origin (same-origin check).
export default defineConfig(() => {
  const target = devProxyTarget();
  return {
    plugins: [react()],
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
    build: { sourcemap: false, chunkSizeWarningLimit: 800 },
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
