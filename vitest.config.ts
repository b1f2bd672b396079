import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/support/setup.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Worker threads start and import faster than forked processes; each test file still gets its
    // own module graph (isolate stays on). Whatever needs a real process (signals, exit codes,
    // process-wide handlers) runs as a child process from its test.
    pool: 'threads',
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine. Much
    // of the suite waits on sockets and timers, so two workers use both cores there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
