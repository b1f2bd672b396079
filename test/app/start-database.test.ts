import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdapterContext } from '../../src/adapters/context.js';
import { startApp } from '../../src/app/start.js';
import { parseConfig } from '../../src/config/env.js';
import { createLogger } from '../../src/logging/logger.js';
import { openTestEmbedded, type TestEmbedded } from '../support/databases.js';
import { memorySource } from '../support/memory-source.js';

let embedded: TestEmbedded;
beforeAll(async () => {
  embedded = await openTestEmbedded();
});
afterAll(async () => {
  await embedded.cleanup();
});

describe('startApp and the state database', () => {
  it('hands the database to every adapter, where Slack keeps its OAuth installations', async () => {
    const seen: AdapterContext[] = [];
    const app = await startApp({
      config: parseConfig({ PORT: '0', HOST: '127.0.0.1' }),
      logger: createLogger({ level: 'silent' }),
      source: { source: memorySource(), suggester: null, description: 'memory', close: async () => {} },
      database: embedded.db,
      adapters: [
        async (context) => {
          seen.push(context);
          return { name: 'slack', description: 'slack (test)', stop: async () => {} };
        },
      ],
    });
    expect(seen[0]?.database).toBe(embedded.db);
    await expect(seen[0]!.database!.ping()).resolves.toBeUndefined();
    await app.stop();
  });
});
