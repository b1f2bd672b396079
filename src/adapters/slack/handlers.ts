import type {
  AllMiddlewareArgs,
  App,
  BlockAction,
  ButtonAction,
  RespondArguments,
  RespondFn,
  SlackActionMiddlewareArgs,
  SlackCommandMiddlewareArgs,
} from '@slack/bolt';
import type { Logger } from 'pino';
import { type Command, parseCommand } from '../../core/command.js';
import type { LookupKind } from '../../core/errors.js';
import { handleCommandText, type Reply, runLookup } from '../../core/lookup.js';
import { toErrorView } from '../../core/messages.js';
import type { LookupSource } from '../../core/source.js';
import {
  decodeLookupButton,
  renderSlack,
  SHARE_ACTION_ID,
  SUGGESTION_ACTION_PREFIX,
} from '../../render/slack.js';
import { withinBudget } from '../ack-budget.js';
import type { InFlight } from './inflight.js';
import { describeSlackError, genericError, lookingUp, safeEphemeral, shareFailureText } from './reply.js';

export interface SlackHandlerDeps {
  source: LookupSource;
  logger: Logger;
  /** How long a slash command may wait for its answer before acking with "Looking up…" instead. */
  ackBudgetMs: number;
  /** Aborts running lookups when the adapter stops, so lookups nobody will read end early. */
  inflight: InFlight;
}

export const SLASH_COMMAND = '/carbon';

const LATE = Symbol('late');

function isCancelled(reply: Reply): boolean {
  return reply.type === 'error' && reply.error.code === 'cancelled';
}

function parseQuietly(text: string): Command | null {
  try {
    return parseCommand(text);
  } catch {
    return null;
  }
}

/** Sends through response_url; failures (expired URL, Slack down) are logged, never thrown. */
async function deliver(
  respond: RespondFn,
  message: RespondArguments,
  logger: Logger,
  what: string,
): Promise<void> {
  try {
    await respond(message);
  } catch (error) {
    logger.warn({ ...describeSlackError(error), what }, 'Slack response_url delivery failed');
  }
}

export function registerSlackHandlers(app: App, deps: SlackHandlerDeps): void {
  const { source, logger, inflight } = deps;

  const lookup = (kind: LookupKind, name: string): Promise<Reply> =>
    inflight.run((signal) => runLookup({ type: 'lookup', kind, name }, source, logger, { signal }));

  /**
   * A reply that finished after the adapter began stopping, or whose lookup was cancelled (the stop
   * aborts lookups with LookupCancelledError), is for nobody: it would only tell the user about a
   * shutdown, so it is dropped.
   */
  const dropped = (reply: Reply, what: string): boolean => {
    if (inflight.stopped) {
      logger.info({ what }, 'late reply dropped: the Slack adapter stopped');
      return true;
    }
    if (isCancelled(reply)) {
      logger.info({ what }, 'reply dropped: the lookup was cancelled');
      return true;
    }
    return false;
  };

  // Every listener runs under inflight.track, so stopping waits until its reply is sent or dropped.
  app.command(SLASH_COMMAND, async (args) => inflight.track(() => onCommand(args)));

  async function onCommand({
    command,
    ack,
    respond,
  }: SlackCommandMiddlewareArgs & AllMiddlewareArgs): Promise<void> {
    const parsed = parseQuietly(command.text);
    const lookupKind = parsed?.type === 'lookup' ? parsed.kind : undefined;
    const context = {
      kind: lookupKind ?? parsed?.type ?? 'unparsed',
      name: parsed?.type === 'lookup' ? parsed.name.slice(0, 200) : undefined,
    };
    // handleCommandText never throws by contract; should it anyway, the user still gets an answer.
    const pending = inflight
      .run((signal) => handleCommandText(command.text, source, logger, { signal }))
      .catch((error: unknown): Reply => {
        logger.error({ err: error, ...context }, 'Slack command failed unexpectedly');
        return { type: 'error', error: toErrorView(error) };
      });
    // Slack drops the command with operation_timeout unless acked within 3 s: answer in the ack
    // when the lookup is quick, otherwise ack now and deliver the answer through response_url.
    // Nothing on this path may throw (Bolt would answer 500): safeEphemeral falls back to the
    // generic error card when the reply cannot be rendered.
    const early = await withinBudget(pending, deps.ackBudgetMs, LATE);
    if (early !== LATE) {
      // Slack needs its ack whatever happens; an empty one shows the user nothing.
      if (dropped(early, 'answer in the ack')) await ack();
      else await ack(safeEphemeral(early, { lookupKind }, logger, { ...context, stage: 'ack' }));
      return;
    }
    await ack(
      parsed?.type === 'lookup'
        ? lookingUp(parsed.kind, parsed.name)
        : { response_type: 'ephemeral', text: 'Looking it up…' },
    );
    const reply = await pending;
    if (dropped(reply, 'late answer')) return;
    // A new ephemeral message, not replace_original: a slash command's response_url cannot replace
    // the command's own ephemeral ack (only an interaction's response_url replaces its message), so
    // "Looking up…" stays above the answer.
    await deliver(
      respond,
      safeEphemeral(reply, { lookupKind }, logger, { ...context, stage: 'late answer' }),
      logger,
      'late answer',
    );
  }

  app.action<BlockAction<ButtonAction>>(SHARE_ACTION_ID, async (args) => inflight.track(() => onShare(args)));

  async function onShare({
    ack,
    body,
    action,
    client,
    respond,
  }: SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs): Promise<void> {
    await ack();
    const value = decodeLookupButton(action.value);
    const channel = body.channel?.id ?? body.container?.channel_id;
    if (value === null || typeof channel !== 'string') {
      logger.warn(
        { hasValue: value !== null, hasChannel: channel !== undefined },
        'share button without usable payload',
      );
      return;
    }
    // Re-looked-up rather than carried in the button: the value stays small and the card current.
    const reply = await lookup(value.k, value.q);
    if (dropped(reply, 'share')) return;
    if (reply.type !== 'result') {
      await deliver(
        respond,
        {
          ...safeEphemeral(reply, { lookupKind: value.k }, logger, { kind: value.k, stage: 'share' }),
          replace_original: false,
        },
        logger,
        'share lookup error',
      );
      return;
    }
    let card: ReturnType<typeof renderSlack>;
    try {
      card = renderSlack(reply, { share: false, sharedBy: body.user.id });
    } catch (error) {
      logger.error({ err: error, kind: value.k, stage: 'share' }, 'could not render the Slack reply');
      await deliver(respond, { ...genericError(error), replace_original: false }, logger, 'share failure');
      return;
    }
    try {
      // chat.postMessage rather than an in_channel response: the post is the bot's own message,
      // and Slack reports not_in_channel explicitly, so the user learns how to fix it.
      await client.chat.postMessage({ channel, ...card, unfurl_links: false, unfurl_media: false });
    } catch (error) {
      const { code, message } = describeSlackError(error);
      logger.warn({ code, message }, 'sharing to the channel failed');
      await deliver(
        respond,
        { response_type: 'ephemeral', replace_original: false, text: shareFailureText(code) },
        logger,
        'share failure notice',
      );
      return;
    }
    await deliver(respond, { delete_original: true }, logger, 'delete ephemeral after share');
  }

  app.action<BlockAction<ButtonAction>>(new RegExp(`^${SUGGESTION_ACTION_PREFIX}\\d+$`), async (args) =>
    inflight.track(async () => {
      const { ack, action, respond } = args;
      await ack();
      const value = decodeLookupButton(action.value);
      if (value === null) return;
      const reply = await lookup(value.k, value.q);
      if (dropped(reply, 'suggestion answer')) return;
      // An interaction's response_url may replace the message holding the button: the answer takes
      // the place of the "not found" message.
      await deliver(
        respond,
        {
          ...safeEphemeral(reply, { lookupKind: value.k }, logger, { kind: value.k, stage: 'suggestion' }),
          replace_original: true,
        },
        logger,
        'suggestion answer',
      );
    }),
  );

  app.error(async (error) => {
    logger.error(describeSlackError(error), 'Slack handler failed');
  });
}
