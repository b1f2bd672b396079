import { Client, GatewayDispatchEvents, Options } from 'discord.js';
import type { Logger } from 'pino';
import type { InteractionHandler } from './handler.js';
import { type DiscordRest, DiscordRestError } from './rest.js';

export interface GatewayOptions {
  token: string;
  /** Unversioned REST root (discord.js appends /v10); /gateway/bot there names the WebSocket URL. */
  apiRoot: string;
  handler: InteractionHandler;
  rest: DiscordRest;
  logger: Logger;
  track?: (work: Promise<void>) => void;
}

export interface RunningGateway {
  client: Client;
  stop(): Promise<void>;
}

/** 10062 Unknown interaction: the 3 s window passed, or another process answered first. */
const UNKNOWN_INTERACTION = 10062;

/**
 * Interactions need no gateway intents, so none are requested: Discord then sends no guild,
 * member or presence events at all, and discord.js has nothing to cache. The caches that
 * interactions touch (users, members, messages) are capped at zero as well.
 */
export function createGatewayClient(apiRoot: string): Client {
  const notSelf = {
    maxSize: 0,
    keepOverLimit: (item: { id: string; client: Client }) => item.id === item.client.user?.id,
  };
  return new Client({
    intents: [],
    rest: { api: apiRoot },
    makeCache: Options.cacheWithLimits({
      ...Options.DefaultMakeCacheSettings,
      MessageManager: 0,
      DMMessageManager: 0,
      GuildMessageManager: 0,
      UserManager: notSelf,
      GuildMemberManager: notSelf,
      PresenceManager: 0,
      ReactionManager: 0,
      ReactionUserManager: 0,
      GuildEmojiManager: 0,
      BaseGuildEmojiManager: 0,
      GuildStickerManager: 0,
      GuildBanManager: 0,
      GuildInviteManager: 0,
      GuildScheduledEventManager: 0,
      StageInstanceManager: 0,
      ThreadManager: 0,
      ThreadMemberManager: 0,
      VoiceStateManager: 0,
      AutoModerationRuleManager: 0,
      ApplicationCommandManager: 0,
      EntitlementManager: 0,
    }),
    sweepers: {
      ...Options.DefaultSweeperSettings,
      users: { interval: 3_600, filter: () => (user) => user.id !== user.client.user?.id },
    },
  });
}

/**
 * Gateway mode: a bot connection that receives interactions over the WebSocket and answers them
 * over REST. Resolves once READY has arrived; rejects (without the token in the message) when
 * Discord refuses the login.
 */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const { handler, rest, logger } = options;
  const client = createGatewayClient(options.apiRoot);

  const onInteraction = async (payload: unknown) => {
    const outcome = await handler(payload);
    if (outcome === null || outcome.duplicate) return;
    const { id, token } = payload as { id: string; token: string };
    try {
      // One attempt only: the answer must land within 3 s, so a 429 is not waited out.
      await rest.createResponse(id, token, outcome.response);
    } catch (error) {
      const status = error instanceof DiscordRestError ? error.status : null;
      const late = error instanceof DiscordRestError && error.code === UNKNOWN_INTERACTION;
      logger.warn(
        { err: error, interaction: id },
        late
          ? 'Discord interaction expired before it was answered'
          : status === 429
            ? 'Discord rate-limited the answer to an interaction; not retried (3 s deadline)'
            : 'could not answer a Discord interaction',
      );
      // Nothing was acknowledged, so there is nothing to edit or follow up.
      outcome.abandon?.('the first response could not be sent');
      return;
    }
    await outcome.after?.(rest);
  };

  // The raw dispatch rather than discord.js's interactionCreate: discord.js queues events until
  // it considers the client ready, and the plain payload is what the shared handler (also used by
  // the HTTP transport) reads.
  client.ws.on(GatewayDispatchEvents.InteractionCreate, (payload: unknown) => {
    const work = onInteraction(payload).catch((error: unknown) => {
      logger.error({ err: error }, 'Discord interaction failed');
    });
    options.track?.(work);
  });
  client.on('error', (error) => logger.error({ err: error }, 'Discord client error'));
  client.on('warn', (message) => logger.warn({ message }, 'Discord client warning'));
  client.on('shardDisconnect', (event, shard) =>
    logger.warn({ code: event.code, shard }, 'Discord gateway disconnected'),
  );

  try {
    await client.login(options.token);
  } catch (error) {
    await client.destroy().catch(() => undefined);
    throw loginError(error);
  }
  logger.info({ user: client.user?.tag, id: client.user?.id }, 'Discord gateway ready');
  return {
    client,
    async stop() {
      await client.destroy();
    },
  };
}

/**
 * What `carbon start` says when the gateway login fails: which variable and whether Discord refused
 * it or could not be reached, as Slack's start says for SLACK_BOT_TOKEN. discord.js's own message
 * ("An invalid token was provided.", "connect ECONNREFUSED …") names neither; it never holds the
 * token, so it is kept in brackets. No `cause`: a REST error carries the request, token included.
 */
export function loginError(error: unknown): Error {
  const { code, status } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    status?: unknown;
  };
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'TokenInvalid' || status === 401) {
    return new Error(
      `Discord refused DISCORD_TOKEN (${message}): copy the bot's token again (Developer Portal → Bot → Reset Token)`,
    );
  }
  return new Error(`Discord: could not connect to log in with DISCORD_TOKEN (${message})`);
}
