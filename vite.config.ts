import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const API = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    target: ['es2019', 'chrome87', 'safari13'],
    reportCompressedSize: false,
    // scripts/size-report.ts reads it to sum what index.html loads for the first page.
    manifest: true,
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/prod-api': API, '/wx-sim': API },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Migrates and seeds the test database once per run; every file starts from a copy.
          globalSetup: ['src/server/test/global-setup.ts'],
          // Files share a worker's module cache instead of importing the server anew each: every file
          // builds its own app on its own database, and no file changes module state another reads.
          isolate: false,
          // Generous limits, not expectations: a test takes a second or two; a busy machine many more.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/app/**/*.test.{ts,tsx}'],
          setupFiles: ['src/app/test/setup.ts'],
          // One jsdom per worker instead of one per file; setup.ts gives each file fresh app modules,
          // storage and cookies.
          isolate: false,
        },
      },
    ],
    pool: 'forks',
    maxWorkers: 2,
  },
});
