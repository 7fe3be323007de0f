import { defineConfig } from 'vitest/config';

// Browser tests drive the real production build, served by the real server, in Debian's Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // Starting the server (first start creates its database) and Chromium on a busy 2-core machine.
    hookTimeout: 240_000,
    // One browser and one server per file; files run one after another to keep a 2-core machine responsive.
    fileParallelism: false,
  },
});
