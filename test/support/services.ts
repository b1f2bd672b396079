import type { Logger } from 'pino';
import type { InteractionControls } from '../../src/adapters/context.js';
import { createCommandServices } from '../../src/app/services.js';
import type { CommandServices } from '../../src/core/commands/define.js';
import { AnswerOnce } from '../../src/core/once.js';
import type { LookupSource } from '../../src/core/source.js';
import { MemoryStateStore } from '../../src/core/state/memory-store.js';
import type { StateStore } from '../../src/core/state/store.js';
import { silentLogger } from '../../src/logging/logger.js';

/** The services commands answer with, over a test's source, as the app builds them. */
export function testServices(source: LookupSource, logger: Logger = silentLogger()): CommandServices {
  return createCommandServices(source, logger);
}

/**
 * What an adapter context holds besides its config and server: the services over `source`, a fresh
 * store, and answering once over it (no limits unless a test gives a limiter).
 */
export function answering(
  source: LookupSource,
  logger: Logger = silentLogger(),
  store: StateStore = new MemoryStateStore(),
): { services: CommandServices; store: StateStore; interactions: InteractionControls } {
  return {
    services: testServices(source, logger),
    store,
    interactions: { once: new AnswerOnce(store, { logger }), limiter: null },
  };
}
