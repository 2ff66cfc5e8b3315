import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    pool: 'threads',
    maxWorkers: 2,
  },
});
