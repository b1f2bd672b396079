import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import type { Config } from '../../config/env.js';
import type { DiscordMessage } from '../../render/discord.js';
import type { InteractionResponse } from './payloads.js';

export const DEFAULT_DISCORD_API_URL = 'https://discord.com/api';
export const DISCORD_API_VERSION = '10';

const USER_AGENT = 'DiscordBot (https://github.com/carbon-bot/carbon, 0.1.0)';
const REQUEST_TIMEOUT_MS = 10_000;
/** Webhook edits and follow-ups (15 minutes to land) and command registration. */
const MAX_ATTEMPTS = 3;
/** The longest a retried call waits between attempts, whatever Discord's retry_after says. */
const MAX_RETRY_WAIT_MS = 5_000;

/**
 * DISCORD_API_URL without a version suffix, as discord.js's `rest.api` option wants it. Both
 * `https://discord.com/api` and `https://discord.com/api/v10` are accepted.
 */
export function discordApiRoot(config: Pick<Config, 'DISCORD_API_URL'>): string {
  return (config.DISCORD_API_URL ?? DEFAULT_DISCORD_API_URL).replace(/\/+$/, '').replace(/\/v\d+$/, '');
}

/** The versioned base every REST path is appended to. */
export function discordApiBase(config: Pick<Config, 'DISCORD_API_URL'>): string {
  return `${discordApiRoot(config)}/v${DISCORD_API_VERSION}`;
}

/**
 * A failed Discord REST call. The message names the route template, never the URL: interaction
 * tokens travel in the path and the bot token in a header, and neither may reach a log.
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
   * Gateway mode only: in HTTP mode the response is the HTTP reply itself. Never retried: it must
   * land within Discord's 3 s, so a 429 or any other failure rejects at once.
   */
  createResponse(interactionId: string, token: string, response: InteractionResponse): Promise<void>;
  /**
   * Edits the first response: the deferred reply, or for a component interaction answered with
   * type 6/7 the message the component is on. Retried a bounded number of times.
   */
  editOriginal(applicationId: string, token: string, message: Omit<DiscordMessage, 'flags'>): Promise<void>;
  /**
   * A new message through the interaction token (public unless flags is 64). After a type 5
   * deferral the first follow-up takes the place of the "thinking…" message. Retried like edits.
   */
  followUp(applicationId: string, token: string, message: DiscordMessage): Promise<void>;
  /** Bulk overwrite with the bot token; returns Discord's list of commands. */
  putCommands(applicationId: string, guildId: string | undefined, body: unknown): Promise<unknown>;
}

export interface DiscordRestOptions {
  /** Versioned base, see discordApiBase. */
  baseUrl: string;
  botToken?: string;
}

export function createDiscordRest(options: DiscordRestOptions): DiscordRest {
  const seg = encodeURIComponent;

  async function call(
    method: 'POST' | 'PATCH' | 'PUT',
    route: string,
    path: string,
    body: unknown,
    { auth = false, retry = true }: { auth?: boolean; retry?: boolean } = {},
  ): Promise<unknown> {
    const headers: Record<string, string> = { 'user-agent': USER_AGENT };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (auth) {
      if (options.botToken === undefined) throw new Error(`Discord ${route} needs the bot token`);
      headers.authorization = `Bot ${options.botToken}`;
    }
    for (let attempt = 1; ; attempt++) {
      let response: Awaited<ReturnType<typeof request>>;
      try {
        response = await request(`${options.baseUrl}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          headersTimeout: REQUEST_TIMEOUT_MS,
          bodyTimeout: REQUEST_TIMEOUT_MS,
        });
      } catch (error) {
        // Network errors: the message carries host and port at most, never the path.
        const code = (error as { code?: string }).code ?? 'network error';
        throw new DiscordRestError(route, 0, null, code);
      }
      const text = await response.body.text();
      if (response.statusCode >= 200 && response.statusCode < 300) {
        return text === '' ? null : JSON.parse(text);
      }
      const parsed = parseError(text);
      const wait = retry
        ? retryDelayMs(response.statusCode, parsed, response.headers['retry-after'], attempt)
        : null;
      if (wait !== null && attempt < MAX_ATTEMPTS) {
        await sleep(wait);
        continue;
      }
      throw new DiscordRestError(route, response.statusCode, parsed.code, parsed.message);
    }
  }

  return {
    async createResponse(interactionId, token, response) {
      await call(
        'POST',
        'POST /interactions/:id/:token/callback',
        `/interactions/${seg(interactionId)}/${seg(token)}/callback`,
        response,
        { retry: false },
      );
    },
    async editOriginal(applicationId, token, message) {
      await call(
        'PATCH',
        'PATCH /webhooks/:application/:token/messages/@original',
        `/webhooks/${seg(applicationId)}/${seg(token)}/messages/@original`,
        message,
      );
    },
    async followUp(applicationId, token, message) {
      await call(
        'POST',
        'POST /webhooks/:application/:token',
        `/webhooks/${seg(applicationId)}/${seg(token)}`,
        message,
      );
    },
    async putCommands(applicationId, guildId, body) {
      const path =
        guildId === undefined
          ? `/applications/${seg(applicationId)}/commands`
          : `/applications/${seg(applicationId)}/guilds/${seg(guildId)}/commands`;
      const route =
        guildId === undefined
          ? 'PUT /applications/:id/commands'
          : 'PUT /applications/:id/guilds/:guild/commands';
      return call('PUT', route, path, body, { auth: true });
    },
  };
}

function parseError(text: string): { code: number | null; message: string; retryAfter: number | null } {
  try {
    const json = JSON.parse(text) as { code?: unknown; message?: unknown; retry_after?: unknown };
    return {
      code: typeof json.code === 'number' ? json.code : null,
      message: typeof json.message === 'string' ? json.message.slice(0, 200) : '',
      retryAfter: typeof json.retry_after === 'number' ? json.retry_after : null,
    };
  } catch {
    return { code: null, message: '', retryAfter: null };
  }
}

/**
 * When to try again: after a 429 (as Discord says, capped), and briefly when an edit races the
 * acknowledgement it edits (Unknown message/webhook right after a deferral).
 */
function retryDelayMs(
  status: number,
  error: { code: number | null; retryAfter: number | null },
  retryAfterHeader: string | string[] | undefined,
  attempt: number,
): number | null {
  if (status === 429) {
    const header = Number(Array.isArray(retryAfterHeader) ? retryAfterHeader[0] : retryAfterHeader);
    const seconds = error.retryAfter ?? (Number.isFinite(header) ? header : 1);
    return Math.min(Math.max(seconds, 0) * 1000, MAX_RETRY_WAIT_MS);
  }
  if (status === 404 && (error.code === 10008 || error.code === 10015)) return 250 * attempt;
  return null;
}
