import { setTimeout as sleep } from 'node:timers/promises';
import { DiscordAPIError, HTTPError, RateLimitError, REST } from '@discordjs/rest';
import { Routes } from 'discord-api-types/v10';
import type { Config } from '../../config/env.js';
import type { DiscordMessage } from '../../render/discord.js';
import type { InteractionResponse } from './payloads.js';

export const DEFAULT_DISCORD_API_URL = 'https://discord.com/api';
export const DISCORD_API_VERSION = '10';

const REQUEST_TIMEOUT_MS = 10_000;
/** The longest a call waits out a 429 before giving up, whatever Discord's Retry-After says. */
const MAX_RATE_LIMIT_WAIT_MS = 5_000;
/** Edits racing the acknowledgement they edit: how many times to try again. */
const RACE_ATTEMPTS = 3;

/**
 * DISCORD_API_URL without a version suffix, as discord.js's and @discordjs/rest's `api` option
 * wants it. Both `https://discord.com/api` and `https://discord.com/api/v10` are accepted.
 */
export function discordApiRoot(config: Pick<Config, 'DISCORD_API_URL'>): string {
  return (config.DISCORD_API_URL ?? DEFAULT_DISCORD_API_URL).replace(/\/+$/, '').replace(/\/v\d+$/, '');
}

/** The versioned base (for tools that want it whole). */
export function discordApiBase(config: Pick<Config, 'DISCORD_API_URL'>): string {
  return `${discordApiRoot(config)}/v${DISCORD_API_VERSION}`;
}

/**
 * A failed Discord REST call. The message names the route template, never the URL: interaction
 * tokens travel in the path and the bot token in a header, and neither may reach a log. The
 * library's own errors carry the URL, so they are never passed on.
 */
export class DiscordRestError extends Error {
  constructor(
    readonly route: string,
    readonly status: number,
    /** Discord's JSON error code, e.g. 10062 Unknown interaction, 10008 Unknown message. */
    readonly code: number | null,
    detail: string,
  ) {
    super(
      `Discord ${route} failed: HTTP ${status}${code === null ? '' : ` (code ${code})`}${detail ? `: ${detail}` : ''}`,
    );
    this.name = 'DiscordRestError';
  }
}

/** The REST calls the bot makes; interaction endpoints authenticate by the token in the path. */
export interface DiscordRest {
  /**
   * Gateway mode only: in HTTP mode the response is the HTTP reply itself. A 429 is never waited
   * out: the answer must land within Discord's 3 s.
   */
  createResponse(interactionId: string, token: string, response: InteractionResponse): Promise<void>;
  /**
   * Edits the first response: the deferred reply, or for a component interaction answered with
   * type 6/7 the message the component is on.
   */
  editOriginal(
    applicationId: string,
    token: string,
    message: Omit<DiscordMessage, 'flags'>,
  ): Promise<string | null>;
  /**
   * A new message through the interaction token (public unless flags is 64). After a type 5
   * deferral the first follow-up takes the place of the "thinking…" message. Resolves with its id.
   */
  followUp(applicationId: string, token: string, message: DiscordMessage): Promise<string | null>;
  /** The id of the first response's message (a reply sent as the interaction response itself). */
  originalId(applicationId: string, token: string): Promise<string | null>;
  /** Bulk overwrite with the bot token; returns Discord's list of commands. */
  putCommands(applicationId: string, guildId: string | undefined, body: unknown): Promise<unknown>;
}

export interface DiscordRestOptions {
  /** Unversioned root, see discordApiRoot. */
  apiRoot: string;
  botToken?: string;
}

/**
 * Discord REST through @discordjs/rest, discord.js's own client: it keeps Discord's per-route
 * buckets and waits out 429s as Retry-After says. What is ours: a 429
 * on the interaction callback, or one asking for more than 5 s, rejects at once (the user is
 * waiting); an edit that races the acknowledgement it edits (Unknown message or webhook right after
 * a deferral) is tried again briefly; and errors are reduced to ones without tokens.
 */
export function createDiscordRest(options: DiscordRestOptions): DiscordRest {
  const rest = new REST({
    api: options.apiRoot,
    version: DISCORD_API_VERSION,
    timeout: REQUEST_TIMEOUT_MS,
    // A 5xx or a timeout is not tried again: the caller has a fallback (a follow-up instead of
    // the edit, the error notice) that reaches the user sooner than another 10 s attempt.
    retries: 0,
    rejectOnRateLimit: (limit) =>
      limit.url.endsWith('/callback') || limit.retryAfter > MAX_RATE_LIMIT_WAIT_MS,
  });
  if (options.botToken !== undefined) rest.setToken(options.botToken);

  async function call<T>(route: string, work: () => Promise<T>, retryRace = false): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        const reduced = reduce(route, error);
        const race = reduced.status === 404 && (reduced.code === 10008 || reduced.code === 10015);
        if (!(retryRace && race && attempt < RACE_ATTEMPTS)) throw reduced;
        await sleep(250 * attempt);
      }
    }
  }

  return {
    async createResponse(interactionId, token, response) {
      await call('POST /interactions/:id/:token/callback', () =>
        rest.post(Routes.interactionCallback(interactionId, token), { body: response, auth: false }),
      );
    },
    async editOriginal(applicationId, token, message) {
      const edited = await call(
        'PATCH /webhooks/:application/:token/messages/@original',
        () => rest.patch(Routes.webhookMessage(applicationId, token), { body: message, auth: false }),
        true,
      );
      return messageId(edited);
    },
    async followUp(applicationId, token, message) {
      const created = await call(
        'POST /webhooks/:application/:token',
        () => rest.post(Routes.webhook(applicationId, token), { body: message, auth: false }),
        true,
      );
      return messageId(created);
    },
    async originalId(applicationId, token) {
      const original = await call(
        'GET /webhooks/:application/:token/messages/@original',
        () => rest.get(Routes.webhookMessage(applicationId, token), { auth: false }),
        true,
      );
      return messageId(original);
    },
    async putCommands(applicationId, guildId, body) {
      if (options.botToken === undefined) throw new Error('Discord command registration needs the bot token');
      const route =
        guildId === undefined
          ? Routes.applicationCommands(applicationId)
          : Routes.applicationGuildCommands(applicationId, guildId);
      const template =
        guildId === undefined
          ? 'PUT /applications/:id/commands'
          : 'PUT /applications/:id/guilds/:guild/commands';
      return call(template, () => rest.put(route, { body }));
    },
  };
}

/** The id of the message Discord answered with, when it did. */
function messageId(body: unknown): string | null {
  const id = (body as { id?: unknown } | null)?.id;
  return typeof id === 'string' && /^\d{1,25}$/.test(id) ? id : null;
}

/** The library's errors, reduced to route, status, Discord's code and message: no URL, no token. */
function reduce(route: string, error: unknown): DiscordRestError {
  if (error instanceof DiscordAPIError) {
    const code = typeof error.code === 'number' ? error.code : null;
    const message = (error.rawError as { message?: unknown }).message;
    return new DiscordRestError(
      route,
      error.status,
      code,
      typeof message === 'string' ? message.slice(0, 200) : '',
    );
  }
  if (error instanceof RateLimitError) {
    return new DiscordRestError(route, 429, null, `rate limited for ${Math.ceil(error.retryAfter / 1000)} s`);
  }
  if (error instanceof HTTPError) return new DiscordRestError(route, error.status, null, error.name);
  // Network errors and timeouts: the code or name only, never the message (it may hold the URL).
  const code = (error as { code?: unknown }).code;
  const name = error instanceof Error ? error.name : 'error';
  return new DiscordRestError(route, 0, null, typeof code === 'string' ? code : name);
}
