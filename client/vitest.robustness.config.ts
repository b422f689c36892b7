/**
 * The barcode decoder's robustness run (src/lib/barcode/barcodeDecoder.robustness.ts),
 * outside `npm test`: `npm run robustness:barcode --workspace client`.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  test: {
    environment: 'node',
    include: ['src/**/*.robustness.ts'],
    testTimeout: 120_000,
  },
});
