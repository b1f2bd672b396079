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
import { FORMS, type FormField, type FormSpec, fieldAtFault } from '../../core/commands/forms.js';
import type { CommandRequest } from '../../core/commands/registry.js';
import type { InteractionOrigin } from '../../core/interaction.js';
import { restartingView, toErrorView } from '../../core/messages.js';
import type { InteractionPipeline, ReplyChannel, RequestHandler } from '../../core/pipeline.js';
import { type SlackLayoutOptions, slackLayout } from './cards.js';
import { originIn } from './origin.js';
import { describeSlackError, ephemeral } from './reply.js';

/**
 * The forms of core's "open a form" intent (src/core/commands/forms.ts) as Slack modals: views.open
 * with the command's trigger_id, a block per field. The command's response_url travels in the
 * view's private_metadata, so the answer goes, privately with its Share button, to the conversation
 * where the command was typed. A field that cannot be used, or a submission that is no use (not a
 * recipe), keeps the modal open with the reason under the field (response_action: errors); anything
 * else closes it and is answered through the pipeline like any other request.
 */

/** The view's callback_id, e.g. `carbon_recipe_form`. */
export function formCallbackId(form: FormSpec): string {
  return `carbon_${form.id}_form`;
}
const actionId = (field: FormField) => `${field.id}_input`;
/** Slack allows 3,000 characters of private_metadata (view object reference). */
const PRIVATE_METADATA_LIMIT = 3000;
/** Slack's placeholders are one line of at most 150 characters. */
const PLACEHOLDER_LIMIT = 150;
const RESPONSE_URL_TIMEOUT_MS = 10_000;

/** Named as in Slack's payloads, so the log scrub that hides response_urls hides this one too. */
const MetadataSchema = z.object({ response_url: z.url({ protocol: /^https?$/ }) });

const plain = (text: string) => ({ type: 'plain_text' as const, text });

/** The modal as views.open takes it. */
export function formView(form: FormSpec, responseUrl: string) {
  const metadata = JSON.stringify({ response_url: responseUrl } satisfies z.infer<typeof MetadataSchema>);
  if (metadata.length > PRIVATE_METADATA_LIMIT) throw new Error('response_url too long for private_metadata');
  return {
    type: 'modal' as const,
    callback_id: formCallbackId(form),
    private_metadata: metadata,
    title: plain(form.title),
    submit: plain(form.submitLabel),
    close: plain('Cancel'),
    blocks: form.fields.map((field) => ({
      type: 'input' as const,
      block_id: field.id,
      ...(field.required ? {} : { optional: true }),
      label: plain(field.label),
      element: {
        type: 'plain_text_input' as const,
        action_id: actionId(field),
        ...(field.multiline ? { multiline: true } : {}),
        max_length: field.maxLength,
        placeholder: plain(field.placeholder.split('\n').slice(0, 2).join(', ').slice(0, PLACEHOLDER_LIMIT)),
      },
    })),
  };
}

/**
 * Opens the form for a slash command. The command is acked at once (empty: the modal is the
 * answer); when Slack refuses to open it, the user is told privately through the response_url.
 */
export async function openForm(
  form: FormSpec,
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
    await client.views.open({ trigger_id: command.trigger_id, view: formView(form, command.response_url) });
  } catch (error) {
    logger.warn({ ...describeSlackError(error), form: form.id }, 'could not open a form');
    await respond(ephemeral({ type: 'error', error: toErrorView(error) })).catch((respondError: unknown) =>
      logger.warn(describeSlackError(respondError), 'could not say the form failed to open'),
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

/** The submitted values, by field id. */
function valuesOf(form: FormSpec, view: ViewSubmitAction['view']): Map<string, string> {
  return new Map(
    form.fields.map((field) => [field.id, view.state.values[field.id]?.[actionId(field)]?.value ?? '']),
  );
}

/** Errors of the user's own making that the form can show under a field, to be corrected there. */
const CORRECTABLE = new Set(['not_a_recipe', 'invalid_input']);

/** Handles every form's view_submission. */
export function registerForms(
  app: App,
  deps: {
    run: RequestHandler<CommandRequest, Answer>;
    pipeline: InteractionPipeline;
    logger: Logger;
    comparisons: (origin: InteractionOrigin | undefined) => Pick<SlackLayoutOptions, 'comparisons'>;
  },
): void {
  const { run, pipeline, logger } = deps;
  for (const form of Object.values(FORMS)) {
    app.view<ViewSubmitAction>(
      formCallbackId(form),
      async ({ ack, view, context: bolt }: SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs) => {
        const context = { command: form.id, stage: 'form' };
        const origin = originIn(bolt);
        const layout = slackLayout(logger, context, deps.comparisons(origin));
        let responseUrl: string;
        let request: CommandRequest;
        try {
          responseUrl = MetadataSchema.parse(JSON.parse(view.private_metadata)).response_url;
        } catch {
          logger.warn(context, 'form submitted without a usable response_url; closing it');
          await ack();
          return;
        }
        try {
          request = form.toRequest(valuesOf(form, view));
        } catch (error) {
          logger.info({ ...context, reason: toErrorView(error).text }, 'form refused');
          await ack({
            response_action: 'errors',
            errors: { [fieldAtFault(form, error).id]: toErrorView(error).text },
          });
          return;
        }
        const post = async (reply: Answer, what: string) =>
          postToResponseUrl(responseUrl, await layout.privately(reply)).catch((error: unknown) => {
            logger.warn({ ...context, ...describeSlackError(error), what }, 'form answer failed');
            throw error;
          });
        const channel: ReplyChannel<Answer> = {
          answerNow: async (reply) => {
            // Not usable as filled in (not a recipe): the modal stays open with the reason, to be corrected.
            if (reply.type === 'error' && CORRECTABLE.has(reply.error.code)) {
              const text = [reply.error.text, reply.error.hint].filter(Boolean).join(' ');
              await ack({ response_action: 'errors', errors: { [form.fields[0]!.id]: text } });
              return;
            }
            await ack();
            await post(reply, 'answer');
          },
          acknowledge: () => ack(),
          deliverLater: (reply) => post(reply, 'late answer'),
          deliverFailure: (error) => post({ type: 'error', error }, 'failure notice'),
        };
        await pipeline.run(run, request, channel, context, origin);
      },
    );
  }
}
