import type {
  AllMiddlewareArgs,
  App,
  BlockAction,
  ButtonAction,
  RespondArguments,
  SlackCommandMiddlewareArgs,
} from '@slack/bolt';
import type { Logger } from 'pino';
import { createChatCompareHandlers } from '../../compare/chat.js';
import { type Command, parseCommand } from '../../core/command.js';
import { createCoreHandlers } from '../../core/handlers.js';
import type { Reply } from '../../core/lookup.js';
import type { InteractionPipeline, ReplyChannel } from '../../core/pipeline.js';
import type { LookupSource } from '../../core/source.js';
import { renderSlack } from '../../render/slack.js';
import { chatCompareDeps } from '../compare-deps.js';
import { decodeLookupButton, SHARE_ACTION_ID, SUGGESTION_ACTION_PREFIX } from './buttons.js';
import { compareCommandText, registerSlackCompare, runSlackCompareCommand } from './compare.js';
import { isRecipeFormRequest, openRecipeForm, registerRecipeForm } from './recipe-form.js';
import {
  ackOnce,
  deliver,
  describeSlackError,
  ephemeral,
  lookingUp,
  postToChannel,
  rendered,
} from './reply.js';
import { registerSlackVote } from './vote.js';

export interface SlackHandlerDeps {
  source: LookupSource;
  logger: Logger;
  /** The lifecycle every interaction runs through; stopping it stops the adapter's work. */
  pipeline: InteractionPipeline;
}

export const SLASH_COMMAND = '/carbon';

function parseQuietly(text: string): Command | null {
  try {
    return parseCommand(text);
  } catch {
    return null;
  }
}

/**
 * Translates Slack's slash command and buttons to and from the core pipeline. Each listener builds
 * a ReplyChannel (how Slack answers: the ack, response_url, chat.postMessage) and hands the work
 * to the pipeline, which owns the 3 s deadline, late delivery, fallbacks and stopping.
 */
export function registerSlackHandlers(app: App, deps: SlackHandlerDeps): void {
  const { logger, pipeline } = deps;
  const core = createCoreHandlers(deps.source);
  const compare = {
    logger,
    pipeline,
    compare: createChatCompareHandlers(chatCompareDeps(deps.source, logger)),
  };
  registerSlackCompare(app, compare);
  registerSlackVote(app, logger);

  app.command(SLASH_COMMAND, async (args: SlackCommandMiddlewareArgs & AllMiddlewareArgs) => {
    const { command, ack, respond } = args;
    if (isRecipeFormRequest(command.text)) {
      return openRecipeForm({ command, ack, respond, client: args.client }, pipeline, logger);
    }
    const compareText = compareCommandText(command.text);
    if (compareText !== null) return runSlackCompareCommand(args, compareText, compare);
    const parsed = parseQuietly(command.text);
    const lookupKind = parsed?.type === 'lookup' ? parsed.kind : undefined;
    const context = {
      kind: lookupKind ?? parsed?.type ?? 'unparsed',
      name: parsed?.type === 'lookup' ? parsed.name.slice(0, 200) : undefined,
    };
    const card = (reply: Reply, stage: string) =>
      rendered(reply, { lookupKind }, logger, { ...context, stage });
    const channel: ReplyChannel = {
      // Slack drops the command with operation_timeout unless acked within 3 s: the answer goes
      // in the ack when it is quick.
      answerNow: async (reply) => ack(card(reply, 'ack')),
      acknowledge: async () =>
        ack(
          parsed?.type === 'lookup'
            ? lookingUp(parsed.kind, parsed.name)
            : { response_type: 'ephemeral', text: 'Looking it up…' },
        ),
      // A new ephemeral message, not replace_original: a slash command's response_url cannot
      // replace the command's own ephemeral ack, so "Looking up…" stays above the answer.
      deliverLater: (reply) => deliver(respond, card(reply, 'late answer'), logger, 'late answer'),
      deliverFailure: (error) =>
        deliver(respond, card({ type: 'error', error }, 'failure notice'), logger, 'failure notice'),
    };
    await pipeline.run(core.commandText, command.text, channel, context);
  });

  app.action<BlockAction<ButtonAction>>(SHARE_ACTION_ID, async (args) => {
    const { body, action, client, respond } = args;
    const ack = ackOnce(() => args.ack());
    const value = decodeLookupButton(action.value);
    const channelId = body.channel?.id ?? body.container?.channel_id;
    if (value === null || typeof channelId !== 'string') {
      await ack();
      logger.warn(
        { hasValue: value !== null, hasChannel: channelId !== undefined },
        'share button without usable payload',
      );
      return;
    }
    const context = { kind: value.k, stage: 'share' };
    const privately = (message: RespondArguments, what: string) =>
      deliver(respond, { ...message, replace_original: false }, logger, what);
    // The answer is looked up again rather than carried in the button: the value stays small and
    // the card current; Discord's Share does the same.
    const share: ReplyChannel['deliverLater'] = async (reply) => {
      if (reply.type !== 'result') {
        await privately(rendered(reply, { lookupKind: value.k }, logger, context), 'share lookup error');
        return;
      }
      let card: ReturnType<typeof renderSlack>;
      try {
        card = renderSlack(reply, { share: false, sharedBy: body.user.id });
      } catch (error) {
        logger.error({ err: error, ...context }, 'could not render the Slack reply');
        throw error;
      }
      await postToChannel({ client, respond, channelId, logger, context }, card);
    };
    const channel: ReplyChannel = {
      answerNow: async (reply) => {
        await ack();
        await share(reply);
      },
      acknowledge: ack,
      deliverLater: share,
      deliverFailure: (error) => privately(ephemeral({ type: 'error', error }), 'share failure'),
    };
    await pipeline.run(core.lookup, { kind: value.k, name: value.q }, channel, context);
  });

  app.action<BlockAction<ButtonAction>>(new RegExp(`^${SUGGESTION_ACTION_PREFIX}\\d+$`), async (args) => {
    const { action, respond } = args;
    const ack = ackOnce(() => args.ack());
    const value = decodeLookupButton(action.value);
    if (value === null) {
      await ack();
      return;
    }
    // An interaction's response_url may replace the message holding the button: the answer takes
    // the place of the "not found" message.
    const context = { kind: value.k, stage: 'suggestion' };
    const replace: ReplyChannel['deliverLater'] = (reply) =>
      deliver(
        respond,
        { ...rendered(reply, { lookupKind: value.k }, logger, context), replace_original: true },
        logger,
        'suggestion answer',
      );
    const channel: ReplyChannel = {
      answerNow: async (reply) => {
        await ack();
        await replace(reply);
      },
      acknowledge: ack,
      deliverLater: replace,
      deliverFailure: (error) => replace({ type: 'error', error }),
    };
    await pipeline.run(core.lookup, { kind: value.k, name: value.q }, channel, context);
  });

  registerRecipeForm(app, { core, pipeline, logger });

  app.error(async (error) => {
    logger.error(describeSlackError(error), 'Slack handler failed');
  });
}
