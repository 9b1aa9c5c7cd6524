import { defineConfig } from 'vitest/config';

// Unit, service and socket-integration tests. Browser journeys live in tests/e2e (Playwright).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'workers/**/*.test.ts', 'server/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    exclude: ['node_modules', 'dist', 'tests/e2e'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    setupFiles: ['tests/unit/fast-check-seed.ts'],
  },
});
