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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/app/**/*.test.{ts,tsx}'],
          setupFiles: ['src/app/test/setup.ts'],
        },
      },
    ],
    pool: 'forks',
    maxWorkers: 2,
  },
});
