import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AdapterContext, AdapterStarter, RunningAdapter } from '../../app/context.js';
import { LookupCancelledError } from '../../core/errors.js';
import { createInteractionHandler } from './handler.js';
import { INTERACTIONS_PATH, interactionsRoute } from './http.js';
import { createDiscordRest, discordApiBase, discordApiRoot } from './rest.js';
import { createSignatureVerifier } from './signature.js';

export { registerCommands } from './register.js';

export interface DiscordOptions {
  /** How long a lookup may take before the reply is deferred (default 2 s of Discord's 3 s). */
  budgetMs?: number;
  /**
   * How long stop() waits for deferred replies still being delivered, once before aborting the
   * lookups and once after (for the work to drop the cancelled replies).
   */
  drainMs?: number;
}

/**
 * Starts whichever Discord transports are configured: the gateway when a bot token is set, HTTP
 * interactions on the shared server when a public key is set (both may run at once). Returns null
 * when neither is configured.
 */
export async function startDiscordWith(
  context: AdapterContext,
  options: DiscordOptions = {},
): Promise<RunningAdapter | null> {
  const { config, logger: parent } = context;
  const token = config.discordToken;
  const publicKey = config.DISCORD_PUBLIC_KEY;
  if (token === undefined && publicKey === undefined) return null;
  const logger = parent.child({ adapter: 'discord' });

  const abort = new AbortController();
  // Every lookup in flight listens on this one stop signal: many at once is normal, not a leak.
  setMaxListeners(0, abort.signal);
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  const drain = async (ms: number): Promise<void> => {
    if (pending.size === 0) return;
    await Promise.race([Promise.allSettled([...pending]), sleep(ms, undefined, { ref: false })]);
  };
  const handler = createInteractionHandler({
    source: context.source,
    suggester: context.suggester,
    logger,
    signal: abort.signal,
    ...(options.budgetMs !== undefined && { budgetMs: options.budgetMs }),
  });
  const rest = createDiscordRest({ baseUrl: discordApiBase(config), ...(token && { botToken: token }) });

  const modes: string[] = [];
  let stopped = false;
  if (publicKey !== undefined) {
    context.http.route(
      'POST',
      INTERACTIONS_PATH,
      interactionsRoute({
        verify: createSignatureVerifier(publicKey),
        handler,
        rest,
        logger,
        track,
        isStopped: () => stopped,
      }),
    );
    modes.push(`HTTP interactions at ${INTERACTIONS_PATH}`);
  }

  let stopGateway: (() => Promise<void>) | null = null;
  if (token !== undefined) {
    // Loaded only when needed: discord.js takes half a second to import.
    const { startGateway } = await import('./gateway.js');
    const gateway = await startGateway({
      token,
      apiRoot: discordApiRoot(config),
      handler,
      rest,
      logger,
      track,
    });
    stopGateway = () => gateway.stop();
    modes.push('gateway');
  }

  return {
    name: 'discord',
    description: `Discord (${modes.join(' + ')})`,
    async stop() {
      stopped = true;
      await stopGateway?.();
      const drainMs = options.drainMs ?? 5_000;
      // Deferred replies still being delivered get a moment to finish before lookups are aborted.
      await drain(drainMs);
      // Sources rethrow this reason, so the replies of aborted lookups carry code 'cancelled' and
      // the handler drops them instead of telling users "the footprint service is having trouble".
      abort.abort(new LookupCancelledError('the bot is stopping'));
      // Then the work still in flight finishes with its aborted lookups (dropping their replies),
      // so that nothing is sent once stop() has resolved.
      await drain(drainMs);
    },
  };
}

export const startDiscord: AdapterStarter = (context) => startDiscordWith(context);
