/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev`: Vite with hot reload on 5173, the API proxied to the server on 5001.
// changeOrigin stays false so the server sees the browser's own origin (same-origin check).
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:5001', changeOrigin: false },
      '/covers': { target: 'http://localhost:5001', changeOrigin: false },
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
});
