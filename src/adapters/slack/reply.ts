import { type AllMiddlewareArgs, type RespondArguments, RespondError, type RespondFn } from '@slack/bolt';
import type { Logger } from 'pino';
import type { LookupKind } from '../../core/errors.js';
import type { Posted } from '../../core/intents.js';
import type { Reply } from '../../core/lookup.js';
import { type Block, escapeFit, renderSlack, type SlackRenderOptions } from '../../render/slack.js';
import { scrubSecrets } from './bolt-logger.js';

/** A card visible only to the person who asked. */
export function ephemeral(reply: Reply, options: SlackRenderOptions = {}): RespondArguments {
  return { response_type: 'ephemeral', ...renderSlack(reply, options) };
}

/** The immediate answer when the lookup has not finished within the ack budget. */
export function lookingUp(kind: LookupKind, name: string): RespondArguments {
  return { response_type: 'ephemeral', text: `Looking up the ${kind} “${escapeFit(name, 200)}”…` };
}

/**
 * Slack Web API platform errors carry the error code in `data.error` (e.g. "not_in_channel");
 * anything else (network, HTTP status) has none.
 */
export function slackErrorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const data = (error as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return null;
  const code = (data as { error?: unknown }).error;
  return typeof code === 'string' ? code : null;
}

/**
 * A loggable summary of a Web API or response_url failure. The raw errors carry the HTTP client's
 * request (including the Authorization header or the response_url), so they are never logged whole.
 * Bolt 5's `respond` posts with native fetch: a response_url that answers with a non-2xx status
 * rejects with a RespondError carrying that status, and one that cannot be reached rejects with
 * fetch's bare "fetch failed", whose `cause` says why (refused, reset, DNS).
 */
export function describeSlackError(error: unknown): {
  code: string | null;
  message: string;
  status?: number;
} {
  let message = error instanceof Error ? error.message : String(error);
  if (error instanceof Error && error.cause instanceof Error) message += `: ${error.cause.message}`;
  const summary = { code: slackErrorCode(error), message: scrubSecrets(message).slice(0, 300) };
  return error instanceof RespondError ? { ...summary, status: error.statusCode } : summary;
}

/**
 * What to tell the sharer when the channel post fails. These are Slack-specific (channel
 * membership), so they are worded here rather than in core/messages.ts, which covers lookups.
 */
export function shareFailureText(code: string | null): string {
  switch (code) {
    case 'not_in_channel':
    case 'channel_not_found':
      return '⚠️ I can’t post in this conversation because I’m not a member of it. Invite me with `/invite @Carbon` (or add the app from the channel’s details), then press *Share in channel* again. In direct messages between people I can’t post; share from a channel instead.';
    case 'is_archived':
      return '⚠️ This channel is archived, so nothing can be posted in it.';
    case 'restricted_action':
    case 'ekm_access_denied':
      return '⚠️ This workspace does not let me post in this channel. Ask an admin about the posting permissions.';
    default:
      return '⚠️ Sharing failed on Slack’s side. Try again in a moment.';
  }
}

/** Sends through response_url; a failure (expired URL, Slack down) is logged, then rethrown. */
export async function deliver(
  respond: RespondFn,
  message: RespondArguments,
  logger: Logger,
  what: string,
): Promise<void> {
  try {
    await respond(message);
  } catch (error) {
    logger.warn({ ...describeSlackError(error), what }, 'Slack response_url delivery failed');
    throw error;
  }
}

/** An action's ack carries nothing and may be sent once; whichever step comes first sends it. */
export function ackOnce(ack: () => Promise<void>): () => Promise<void> {
  let acked: Promise<void> | null = null;
  return () => {
    acked ??= ack();
    return acked;
  };
}

/**
 * Share in channel: the card is posted with chat.postMessage rather than as an in_channel response,
 * so the post is the bot's own message and Slack reports not_in_channel explicitly; the person who
 * shared learns privately how to fix a refusal. The private copy is deleted once the post is made.
 * Resolves with the post's permalink (null when Slack gives none), or null when posting failed.
 */
export async function postToChannel(
  share: {
    client: Pick<AllMiddlewareArgs['client'], 'chat'>;
    respond: RespondFn;
    channelId: string;
    logger: Logger;
    context: object;
  },
  card: { text: string; blocks: Block[] },
): Promise<Posted> {
  const { client, respond, channelId, logger, context } = share;
  let ts: string | undefined;
  try {
    const posted = await client.chat.postMessage({
      channel: channelId,
      ...card,
      unfurl_links: false,
      unfurl_media: false,
    });
    ts = posted.ts;
  } catch (error) {
    const { code, message } = describeSlackError(error);
    logger.warn({ code, message, ...context }, 'sharing to the channel failed');
    await deliver(
      respond,
      { response_type: 'ephemeral', text: shareFailureText(code), replace_original: false },
      logger,
      'share failure notice',
    );
    return null;
  }
  await deliver(respond, { delete_original: true }, logger, 'delete ephemeral after share').catch(
    () => undefined,
  );
  return { link: ts === undefined ? null : await permalink(client, channelId, ts, logger) };
}

/** A message's permalink (chat.getPermalink), so a second Share can point to the first; null when Slack gives none. */
async function permalink(
  client: Pick<AllMiddlewareArgs['client'], 'chat'>,
  channel: string,
  ts: string,
  logger: Logger,
): Promise<string | null> {
  try {
    const { permalink: link } = await client.chat.getPermalink({ channel, message_ts: ts });
    return typeof link === 'string' && link.startsWith('https://') ? link : null;
  } catch (error) {
    logger.info(describeSlackError(error), 'could not read a shared message’s permalink');
    return null;
  }
}
