import { DEFAULT_STOP, InteractionPipeline } from '../../core/pipeline.js';
import type { AdapterContext, AdapterStarter, RunningAdapter } from '../context.js';
import { createInteractionHandler, DEFAULT_RESPONSE_BUDGET_MS } from './handler.js';
import { INTERACTIONS_PATH, interactionsRoute } from './http.js';
import { discordToken } from './registration.js';
import { createDiscordRest, discordApiRoot } from './rest.js';
import { createSignatureVerifier } from './signature.js';

export { registerCommands } from './register.js';

export interface DiscordOptions {
  /** How long a lookup may take before the reply is deferred (default 2 s of Discord's 3 s). */
  budgetMs?: number;
  /** On stop, how long lookups in flight may still finish before their users are told to retry. */
  graceMs?: number;
  /** On stop, how long the "restarting" notices may take to go out. */
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
  const token = discordToken(config);
  const publicKey = config.DISCORD_PUBLIC_KEY;
  if (token === undefined && publicKey === undefined) return null;
  const logger = parent.child({ adapter: 'discord' });

  const { once, limiter, onLimited } = context.interactions;
  const pipeline = new InteractionPipeline({
    logger,
    budgetMs: options.budgetMs ?? DEFAULT_RESPONSE_BUDGET_MS,
    ...(limiter === null ? {} : { limiter }),
    ...(onLimited === undefined ? {} : { onLimited }),
  });
  const handler = createInteractionHandler({
    services: context.services,
    store: context.store,
    suggester: context.suggester,
    logger,
    pipeline,
    once,
  });
  const rest = createDiscordRest({ apiRoot: discordApiRoot(config), ...(token && { botToken: token }) });

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
        // While stopping the pipeline answers "restarting"; once stopped, the route answers 503.
        isStopped: () => stopped,
      }),
    );
    modes.push(`HTTP interactions at ${INTERACTIONS_PATH}`);
  }

  let stopGateway: (() => Promise<void>) | null = null;
  if (token !== undefined) {
    // Loaded only when needed: discord.js takes half a second to import.
    const { startGateway } = await import('./gateway.js');
    const gateway = await startGateway({ token, apiRoot: discordApiRoot(config), handler, rest, logger });
    stopGateway = () => gateway.stop();
    modes.push('gateway');
  }

  return {
    name: 'discord',
    description: `Discord (${modes.join(' + ')})`,
    async stop() {
      // The gateway stays open through the grace, so interactions arriving meanwhile are told to
      // try again rather than left to "The application did not respond".
      await pipeline.stop({
        graceMs: options.graceMs ?? DEFAULT_STOP.graceMs,
        drainMs: options.drainMs ?? DEFAULT_STOP.drainMs,
      });
      stopped = true;
      await stopGateway?.();
    },
  };
}

export const startDiscord: AdapterStarter = (context) => startDiscordWith(context);
