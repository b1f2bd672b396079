import type { AllMiddlewareArgs, App, MessageShortcut, SlackShortcutMiddlewareArgs } from '@slack/bolt';
import type { Logger } from 'pino';
import type { Answer } from '../../core/commands/answer.js';
import type { CommandRequest } from '../../core/commands/registry.js';
import { answerPrivately } from '../../core/intents.js';
import type { InteractionOrigin } from '../../core/interaction.js';
import type { InteractionPipeline, RequestHandler } from '../../core/pipeline.js';
import { type SlackLayoutOptions, slackLayout } from './cards.js';
import { RATE_MENU_CALLBACK_ID } from './compare-buttons.js';
import { originIn } from './origin.js';
import { ackOnce, deliver } from './reply.js';

/**
 * "Rate this menu", the menu command's message action: the message shortcut's message text is the
 * command's text. A shortcut's ack carries nothing, so the answer always goes through its
 * response_url, ephemeral, so only the person who asked sees it.
 */
export function registerRateMenu(
  app: App,
  deps: {
    logger: Logger;
    pipeline: InteractionPipeline;
    run: RequestHandler<CommandRequest, Answer>;
    /** Where a comparison too long for its Share button is kept (slackLayout's option). */
    comparisons: (origin: InteractionOrigin | undefined) => Pick<SlackLayoutOptions, 'comparisons'>;
  },
): void {
  const { logger, pipeline, run } = deps;
  app.shortcut<MessageShortcut>(
    { callback_id: RATE_MENU_CALLBACK_ID, type: 'message_action' },
    async (args: SlackShortcutMiddlewareArgs<MessageShortcut> & AllMiddlewareArgs) => {
      const { shortcut, respond } = args;
      const ack = ackOnce(() => args.ack());
      const text = typeof shortcut.message.text === 'string' ? shortcut.message.text : '';
      const context = { command: 'menu', stage: 'rate menu', lines: text.split('\n').length };
      const origin = originIn(args.context);
      const privately = (message: object) => deliver(respond, message, logger, 'menu rating');
      const channel = answerPrivately(
        {
          reply: async (message) => {
            await ack();
            await privately(message);
          },
          defer: ack,
          deliver: privately,
          notify: privately,
        },
        slackLayout(logger, context, deps.comparisons(origin)),
      );
      await pipeline.run(run, { command: 'menu', input: { message: text } }, channel, context, origin);
    },
  );
}
