import type {
  AllMiddlewareArgs,
  App,
  RespondArguments,
  SlackCommandMiddlewareArgs,
  SlackViewMiddlewareArgs,
  ViewSubmitAction,
} from '@slack/bolt';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Answer } from '../../core/commands/answer.js';
import type { CommandRequest } from '../../core/commands/registry.js';
import { InvalidRecipeFormError } from '../../core/errors.js';
import { restartingView, toErrorView } from '../../core/messages.js';
import type { InteractionPipeline, ReplyChannel, RequestHandler } from '../../core/pipeline.js';
import {
  FORM_INGREDIENTS_MAX,
  FORM_LABELS,
  FORM_SERVINGS_MAX_LENGTH,
  recipeFormText,
} from '../../recipes/form.js';
import { slackLayout } from './cards.js';
import { describeSlackError, ephemeral } from './reply.js';

/**
 * `/carbon recipe` with nothing after it: a modal (views.open with the command's trigger_id) with a
 * multi-line box for the ingredients and a servings field. The command's response_url travels in
 * the view's private_metadata, so the answer goes, privately with its Share button, to the
 * conversation where the command was typed. A submission that is not a recipe keeps the modal open
 * with the error under the field (response_action: errors); anything else closes it and is answered
 * through the pipeline like any other request.
 */

export const RECIPE_FORM_CALLBACK_ID = 'carbon_recipe_form';
const INGREDIENTS = { block: 'ingredients', action: 'ingredients_input' } as const;
const SERVINGS = { block: 'servings', action: 'servings_input' } as const;
/** Slack allows 3,000 characters of private_metadata (view object reference). */
const PRIVATE_METADATA_LIMIT = 3000;
const RESPONSE_URL_TIMEOUT_MS = 10_000;

/** Named as in Slack's payloads, so the log scrub that hides response_urls hides this one too. */
const MetadataSchema = z.object({ response_url: z.url({ protocol: /^https?$/ }) });

const plain = (text: string) => ({ type: 'plain_text' as const, text });

/** The modal as views.open takes it. */
export function recipeFormView(responseUrl: string) {
  const metadata = JSON.stringify({ response_url: responseUrl } satisfies z.infer<typeof MetadataSchema>);
  if (metadata.length > PRIVATE_METADATA_LIMIT) throw new Error('response_url too long for private_metadata');
  return {
    type: 'modal' as const,
    callback_id: RECIPE_FORM_CALLBACK_ID,
    private_metadata: metadata,
    title: plain(FORM_LABELS.title),
    submit: plain(FORM_LABELS.submit),
    close: plain('Cancel'),
    blocks: [
      {
        type: 'input' as const,
        block_id: INGREDIENTS.block,
        label: plain(FORM_LABELS.ingredients),
        element: {
          type: 'plain_text_input' as const,
          action_id: INGREDIENTS.action,
          multiline: true,
          max_length: FORM_INGREDIENTS_MAX,
          placeholder: plain(FORM_LABELS.ingredientsPlaceholder.split('\n').slice(0, 2).join(', ')),
        },
      },
      {
        type: 'input' as const,
        block_id: SERVINGS.block,
        optional: true,
        label: plain(FORM_LABELS.servings),
        element: {
          type: 'plain_text_input' as const,
          action_id: SERVINGS.action,
          max_length: FORM_SERVINGS_MAX_LENGTH,
          placeholder: plain(FORM_LABELS.servingsPlaceholder),
        },
      },
    ],
  };
}

/**
 * Opens the form for a slash command. The command is acked at once (empty: the modal is the
 * answer); when Slack refuses to open it, the user is told privately through the response_url.
 */
export async function openRecipeForm(
  {
    command,
    ack,
    respond,
    client,
  }: Pick<SlackCommandMiddlewareArgs & AllMiddlewareArgs, 'command' | 'ack' | 'respond' | 'client'>,
  pipeline: InteractionPipeline,
  logger: Logger,
): Promise<void> {
  if (!pipeline.accepting) {
    await ack(ephemeral({ type: 'error', error: restartingView() }));
    return;
  }
  await ack();
  try {
    await client.views.open({ trigger_id: command.trigger_id, view: recipeFormView(command.response_url) });
  } catch (error) {
    logger.warn({ ...describeSlackError(error), stage: 'recipe form' }, 'could not open the recipe form');
    await respond(ephemeral({ type: 'error', error: toErrorView(error) })).catch((respondError: unknown) =>
      logger.warn(describeSlackError(respondError), 'could not say the recipe form failed'),
    );
  }
}

/** Posts a message to a response_url; throws when Slack does not take it. */
async function postToResponseUrl(url: string, message: RespondArguments): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(message),
    signal: AbortSignal.timeout(RESPONSE_URL_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`response_url answered HTTP ${response.status}`);
}

function fieldValue(view: ViewSubmitAction['view'], field: { block: string; action: string }): string {
  return view.state.values[field.block]?.[field.action]?.value ?? '';
}

/** Handles the form's view_submission. */
export function registerRecipeForm(
  app: App,
  deps: { run: RequestHandler<CommandRequest, Answer>; pipeline: InteractionPipeline; logger: Logger },
): void {
  const { run, pipeline, logger } = deps;
  app.view<ViewSubmitAction>(
    RECIPE_FORM_CALLBACK_ID,
    async ({ ack, view }: SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs) => {
      const context = { command: 'recipe', stage: 'recipe form' };
      const layout = slackLayout(logger, context);
      let responseUrl: string;
      let list: string;
      try {
        responseUrl = MetadataSchema.parse(JSON.parse(view.private_metadata)).response_url;
      } catch {
        logger.warn(context, 'recipe form submitted without a usable response_url; closing it');
        await ack();
        return;
      }
      try {
        list = recipeFormText(fieldValue(view, INGREDIENTS), fieldValue(view, SERVINGS));
      } catch (error) {
        const field =
          error instanceof InvalidRecipeFormError && error.field === 'servings' ? SERVINGS : INGREDIENTS;
        logger.info({ ...context, err: error }, 'recipe form refused');
        await ack({ response_action: 'errors', errors: { [field.block]: toErrorView(error).text } });
        return;
      }
      const post = async (reply: Answer, what: string) =>
        postToResponseUrl(responseUrl, await layout.privately(reply)).catch((error: unknown) => {
          logger.warn({ ...context, ...describeSlackError(error), what }, 'recipe form answer failed');
          throw error;
        });
      const channel: ReplyChannel<Answer> = {
        answerNow: async (reply) => {
          // Not a recipe: the modal stays open with the reason under the box, to be corrected.
          if (reply.type === 'error' && reply.error.code === 'not_a_recipe') {
            const text = [reply.error.text, reply.error.hint].filter(Boolean).join(' ');
            await ack({ response_action: 'errors', errors: { [INGREDIENTS.block]: text } });
            return;
          }
          await ack();
          await post(reply, 'answer');
        },
        acknowledge: () => ack(),
        deliverLater: (reply) => post(reply, 'late answer'),
        deliverFailure: (error) => post({ type: 'error', error }, 'failure notice'),
      };
      await pipeline.run(run, { command: 'recipe', input: { text: list, list: true } }, channel, context);
    },
  );
}
