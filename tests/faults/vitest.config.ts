import { defineConfig } from 'vitest/config';

// npm run test:faults — crash, concurrency and soak scenarios against real server processes
// (docs/reliability.md). Scenarios spawn servers and drive them over HTTP, so files run one after
// another: several at once would measure each other on a 2-core machine.
export default defineConfig({
  test: {
    name: 'faults',
    include: ['tests/faults/**/*.faults.ts'],
    environment: 'node',
    fileParallelism: false,
    // A server start takes seconds on a busy machine; the soak runs FAULTS_SOAK_SECONDS (5 min by default).
    testTimeout: 240_000,
    hookTimeout: 120_000,
    reporters: ['verbose'],
  },
});
