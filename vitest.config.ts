import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readAppInfo } from './scripts/app-info';

export default defineConfig({
  plugins: [react()],
  define: { __APP_INFO__: JSON.stringify(readAppInfo()) },
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    pool: 'threads',
    maxWorkers: 2,
  },
});
