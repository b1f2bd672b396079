import type {
  AllMiddlewareArgs,
  App,
  BlockAction,
  ButtonAction,
  SlackCommandMiddlewareArgs,
} from '@slack/bolt';
import type { Logger } from 'pino';
import type { Answer } from '../../core/commands/answer.js';
import type { CommandServices } from '../../core/commands/define.js';
import { FORMS } from '../../core/commands/forms.js';
import { parseCommandText } from '../../core/commands/parse.js';
import { type ComparisonPlace, RecentComparisons } from '../../core/commands/recent-comparisons.js';
import { type CommandRequest, lookupRequest } from '../../core/commands/registry.js';
import { commandHandler } from '../../core/commands/run.js';
import type { LookupKind } from '../../core/errors.js';
import { answerPrivately, replaceWithAnswer, sharePublicly } from '../../core/intents.js';
import type { InteractionOrigin } from '../../core/interaction.js';
import type { AnswerOnce } from '../../core/once.js';
import type { InteractionPipeline, RequestHandler } from '../../core/pipeline.js';
import type { StateStore } from '../../core/state/store.js';
import { decodeLookupButton, SHARE_ACTION_ID, SUGGESTION_ACTION_PREFIX } from '../../render/slack-buttons.js';
import { slackLayout } from './cards.js';
import { COMPARE_SHARE_ACTION_ID, decodeCompareShare } from './compare-buttons.js';
import { openForm, registerForms } from './forms.js';
import { originIn, registerAnswerOnce } from './origin.js';
import { registerRateMenu } from './rate-menu.js';
import { ackOnce, deliver, describeSlackError, lookingUp, postToChannel } from './reply.js';
import {
  EXPIRED_COMPARISON_TEXT,
  registerStaleButtons,
  STALE_BUTTON_TEXT,
  tellStaleButton,
} from './stale-buttons.js';
import { registerSlackVote } from './vote.js';

export interface SlackHandlerDeps {
  services: CommandServices;
  logger: Logger;
  /** The lifecycle every interaction runs through; stopping it stops the adapter's work. */
  pipeline: InteractionPipeline;
  /** Comparisons too long for a button value; unset, such a comparison has no Share button. */
  store?: StateStore;
  /** Each request answered once, each Share and vote once per channel; unchecked without it. */
  once?: AnswerOnce;
}

/** Where a comparison's state goes: under its workspace. */
function placeOf(origin: InteractionOrigin | undefined): ComparisonPlace {
  return { platform: 'slack', workspaceId: origin?.workspaceId ?? null };
}

export const SLASH_COMMAND = '/carbon';

/** The kind a request looks up by name, so its did-you-mean suggestions can be buttons. */
function lookupKindOf(request: CommandRequest): LookupKind | undefined {
  return request.command === 'product' || request.command === 'recipe' ? request.command : undefined;
}

/** What the ack says while a slow command runs. */
function ackWhileWaiting(request: CommandRequest) {
  if (request.command === 'product') return lookingUp('product', request.input.name);
  if (request.command === 'recipe' && !request.input.text.includes('\n')) {
    return lookingUp('recipe', request.input.text);
  }
  if (request.command === 'compare') return { response_type: 'ephemeral' as const, text: 'Comparing…' };
  return { response_type: 'ephemeral' as const, text: 'Looking it up…' };
}

/**
 * Translates Slack's slash command, buttons and shortcut to and from core: the text is parsed by
 * core's one parser, run by core's command handler through the pipeline, and answered with core's
 * intents (answer privately, share publicly, replace with a suggestion); this file only supplies
 * Slack's primitives for them (the ack, response_url, chat.postMessage).
 */
export function registerSlackHandlers(app: App, deps: SlackHandlerDeps): void {
  const { logger, pipeline, once } = deps;
  // First: a repeated request is dropped before any listener sees it.
  if (once !== undefined) registerAnswerOnce(app, once, logger);
  const run: RequestHandler<CommandRequest, Answer> = commandHandler(deps.services, 'slack');
  const recent = deps.store === undefined ? null : new RecentComparisons(deps.store);
  const comparisons = (origin: InteractionOrigin | undefined) =>
    recent === null ? {} : { comparisons: { recent, place: placeOf(origin) } };
  registerRateMenu(app, { logger, pipeline, run, comparisons });
  registerSlackVote(app, logger, once);
  registerStaleButtons(app, logger);

  app.command(SLASH_COMMAND, async (args: SlackCommandMiddlewareArgs & AllMiddlewareArgs) => {
    const { command, ack, respond } = args;
    const parsed = parseCommandText(command.text, 'slack');
    if ('form' in parsed) {
      return openForm(FORMS[parsed.form], { command, ack, respond, client: args.client }, pipeline, logger);
    }
    const { request } = parsed;
    const lookupKind = lookupKindOf(request);
    const context = { command: request.command, stage: 'command' };
    const origin = originIn(args.context);
    const layout = slackLayout(logger, context, {
      ...(lookupKind === undefined ? {} : { lookupKind }),
      ...comparisons(origin),
    });
    const channel = answerPrivately(
      {
        // Slack drops the command with operation_timeout unless acked within 3 s: the answer goes
        // in the ack when it is quick.
        reply: (message) => ack(message),
        defer: () => ack(ackWhileWaiting(request)),
        // A new ephemeral message, not replace_original: a slash command's response_url cannot
        // replace the command's own ephemeral ack, so "Looking up…" stays above the answer.
        deliver: (message) => deliver(respond, message, logger, 'late answer'),
        notify: (message) => deliver(respond, message, logger, 'failure notice'),
      },
      layout,
    );
    await pipeline.run(run, request, channel, context, origin);
  });

  /**
   * Share in channel, on a lookup or a comparison: the answer is worked out again rather than
   * copied (the button's value stays small and the post current; Discord's Share does the same).
   */
  const share = (
    actionId: string,
    decode: (
      value: string | undefined,
      origin: InteractionOrigin | undefined,
    ) => Promise<CommandRequest | 'expired' | null>,
  ) =>
    app.action<BlockAction<ButtonAction>>(actionId, async (args) => {
      const { body, action, client, respond } = args;
      const ack = ackOnce(() => args.ack());
      const origin = originIn(args.context);
      const request = await decode(action.value, origin);
      const channelId = body.channel?.id ?? body.container?.channel_id;
      if (request === 'expired') {
        await ack();
        logger.info({ action: actionId }, 'comparison button expired');
        await tellStaleButton(respond, EXPIRED_COMPARISON_TEXT, logger);
        return;
      }
      if (request === null || typeof channelId !== 'string') {
        await ack();
        logger.warn(
          { hasValue: request !== null, hasChannel: channelId !== undefined },
          'share button without usable payload',
        );
        await tellStaleButton(respond, STALE_BUTTON_TEXT, logger);
        return;
      }
      const context = { command: request.command, stage: 'share' };
      const lookupKind = lookupKindOf(request);
      const layout = slackLayout(logger, context, {
        sharedBy: body.user.id,
        ...(lookupKind === undefined ? {} : { lookupKind }),
        ...comparisons(origin),
      });
      const privately = (message: object, what: string) =>
        deliver(respond, { ...message, replace_original: false }, logger, what);
      const channel = sharePublicly(
        {
          reply: async (message) => {
            await ack();
            await privately(message, 'share error');
          },
          defer: ack,
          post: async (message, first) => {
            if (first) await ack();
            return postToChannel({ client, respond, channelId, logger, context }, message);
          },
          followUp: (message) => privately(message, 'share follow-up'),
        },
        layout,
        once === undefined || origin === undefined
          ? undefined
          : () => once.publication('share', origin, request),
      );
      await pipeline.run(run, request, channel, context, origin);
    });
  share(SHARE_ACTION_ID, async (value) => {
    const decoded = decodeLookupButton(value);
    return decoded === null ? null : lookupRequest(decoded.k, decoded.q);
  });
  share(COMPARE_SHARE_ACTION_ID, async (value, origin) => {
    const decoded = decodeCompareShare(value);
    if (decoded === null) return null;
    if (!('id' in decoded)) return { command: 'compare', input: { again: decoded } };
    // Kept in the store because it did not fit in the button; gone after a day.
    const again = recent === null ? null : await recent.get(decoded.id, placeOf(origin));
    return again === null ? 'expired' : { command: 'compare', input: { again } };
  });

  // A did-you-mean button: an interaction's response_url may replace the message holding the
  // button, so the answer takes the place of the "not found" message.
  app.action<BlockAction<ButtonAction>>(new RegExp(`^${SUGGESTION_ACTION_PREFIX}\\d+$`), async (args) => {
    const { action, respond } = args;
    const ack = ackOnce(() => args.ack());
    const value = decodeLookupButton(action.value);
    if (value === null) {
      await ack();
      return;
    }
    const request = lookupRequest(value.k, value.q);
    const context = { command: request.command, stage: 'suggestion' };
    const origin = originIn(args.context);
    const channel = replaceWithAnswer(
      {
        defer: ack,
        replace: async (message, first) => {
          if (first) await ack();
          await deliver(respond, { ...message, replace_original: true }, logger, 'suggestion answer');
        },
      },
      slackLayout(logger, context, { lookupKind: value.k }),
    );
    await pipeline.run(run, request, channel, context, origin);
  });

  registerForms(app, { run, pipeline, logger, comparisons });

  app.error(async (error) => {
    logger.error(describeSlackError(error), 'Slack handler failed');
  });
}
