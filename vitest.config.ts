import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'tests/security/**/*.test.ts',
      'tests/publish/**/*.test.ts',
      'tests/faults/**/*.test.ts',
      'tests/scale/**/*.test.ts',
      'tests/addShop/**/*.test.ts',
      'scripts/**/*.test.{ts,mjs}',
    ],
    // Component tests opt into a DOM with `// @vitest-environment happy-dom`.
    environment: 'node',
    testTimeout: 20_000,
  },
});
