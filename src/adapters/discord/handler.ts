import type { Logger } from 'pino';
import type { Answer } from '../../core/commands/answer.js';
import type { CommandServices } from '../../core/commands/define.js';
import { FORMS } from '../../core/commands/forms.js';
import { type ParsedCommand, parseArgs } from '../../core/commands/parse.js';
import { RecentComparisons } from '../../core/commands/recent-comparisons.js';
import {
  COMMANDS,
  type CommandName,
  type CommandRequest,
  commandForVerb,
  lookupRequest,
} from '../../core/commands/registry.js';
import { commandHandler } from '../../core/commands/run.js';
import { answerPrivately, type PublicationClaim, putToVote, sharePublicly } from '../../core/intents.js';
import type { InteractionOrigin } from '../../core/interaction.js';
import { toErrorView } from '../../core/messages.js';
import type { AnswerOnce } from '../../core/once.js';
import { InteractionPipeline, type ReplyChannel } from '../../core/pipeline.js';
import type { NameSuggester } from '../../core/source.js';
import type { StateStore } from '../../core/state/store.js';
import type { DiscordMessage } from '../../render/discord.js';
import { LIST_SHARE_CUSTOM_ID, parseShareCustomId } from '../../render/discord-custom-ids.js';
import { truncate } from '../../render/shared.js';
import { discordLayout } from './cards.js';
import { answerPrimitives, errorMessage, plainErrorMessage, sharePrimitives } from './channels.js';
import { COMMAND_NAME } from './commands.js';
import { expiredMessage, staleButtonMessage, voteLayout, votePrimitives } from './compare.js';
import { parseCompareCustomId } from './comparison-ids.js';
import { FirstResponse } from './first-response.js';
import { modalResponse, readModal } from './modal.js';
import type { InteractionOutcome } from './outcome.js';
import {
  type AutocompleteChoice,
  CallbackType,
  CommandDataSchema,
  ComponentDataSchema,
  type Interaction,
  InteractionSchema,
  InteractionType,
  MessageCommandDataSchema,
} from './payloads.js';
import { shareCard } from './share-card.js';

export type { InteractionOutcome } from './outcome.js';

/** Every custom_id this bot writes starts so (render/discord-custom-ids.ts, comparison-ids.ts, modal.ts). */
const OWN_CUSTOM_ID_PREFIX = 'carbon:';

/** Discord allows 3 s for the first response; what is left after this covers the callback itself. */
export const DEFAULT_RESPONSE_BUDGET_MS = 2_000;
export const MAX_AUTOCOMPLETE_CHOICES = 25;
const CHOICE_LIMIT = 100;

export interface InteractionHandlerOptions {
  services: CommandServices;
  /** Where comparison ids behind buttons are kept. */
  store: StateStore;
  suggester: NameSuggester | null;
  logger: Logger;
  /** How long a lookup may take before the reply is deferred (ignored when `pipeline` is given). */
  budgetMs?: number;
  /** The adapter's pipeline, which its stop() stops; a handler of its own otherwise. */
  pipeline?: InteractionPipeline;
  /** Answers each interaction once, and each Share and vote once per channel; unchecked without it. */
  once?: AnswerOnce;
}

/** Discord's epoch (2015-01-01): a snowflake's top 42 bits are milliseconds since it. */
const DISCORD_EPOCH_MS = 1_420_070_400_000;

/** When Discord made a snowflake (an interaction's id): how old an interaction is. */
export function snowflakeTime(id: string): number {
  return Number(BigInt(id) >> 22n) + DISCORD_EPOCH_MS;
}

/** Who and where, as core needs it: the interaction's id identifies a repeat of it. */
export function originOf(interaction: Interaction): InteractionOrigin {
  return {
    platform: 'discord',
    deliveryId: interaction.id,
    issuedAtMs: snowflakeTime(interaction.id),
    userId: interaction.member?.user.id ?? interaction.user?.id ?? null,
    workspaceId: interaction.guild_id ?? null,
    channelId: interaction.channel?.id ?? interaction.channel_id ?? null,
  };
}

/** What a repeated delivery gets: nothing is sent for it (the first delivery was answered). */
const DUPLICATE: InteractionOutcome = {
  response: { type: CallbackType.DeferredMessageUpdate },
  duplicate: true,
};

/**
 * Translates Discord interactions to and from core, for the gateway and the HTTP transport alike:
 * takes a raw interaction payload, returns the first response and what follows. Returns null for
 * payloads that are malformed or not for this bot. Never rejects for a valid interaction: whatever
 * goes wrong, there is a response to send.
 */
export type InteractionHandler = (payload: unknown) => Promise<InteractionOutcome | null>;

/** The generic error, laid out by hand: what to send when nothing else can be. */
export function lastResortMessage(): DiscordMessage {
  return plainErrorMessage(toErrorView(new Error('unrenderable')));
}

/** The commands Discord offers on a message (message commands), by their names. */
const MESSAGE_ACTIONS = new Map(
  COMMANDS.flatMap((command) =>
    command.messageAction === null
      ? []
      : [[command.messageAction.name, command.name as CommandName] as const],
  ),
);

export function createInteractionHandler(options: InteractionHandlerOptions): InteractionHandler {
  const { suggester, logger } = options;
  const pipeline =
    options.pipeline ??
    new InteractionPipeline({ logger, budgetMs: options.budgetMs ?? DEFAULT_RESPONSE_BUDGET_MS });
  const run = commandHandler(options.services, 'discord');
  const recent = new RecentComparisons(options.store);
  const once = options.once;
  /** Claims a Share or a vote of `subject` in the interaction's channel. */
  const claimFor = (
    kind: 'share' | 'vote',
    interaction: Interaction,
    subject: unknown,
  ): PublicationClaim | undefined =>
    once === undefined ? undefined : () => once.publication(kind, originOf(interaction), subject);

  /** Runs one request through the pipeline and hands its first response to the transport. */
  async function through(
    request: CommandRequest,
    makeChannel: (first: FirstResponse) => ReplyChannel<Answer>,
    context: Record<string, unknown>,
    origin: InteractionOrigin,
  ): Promise<InteractionOutcome> {
    const first = new FirstResponse();
    const done = pipeline.run(run, request, makeChannel(first), context, origin);
    void done.then(() => first.none());
    const response = await first.response;
    if (response === null) {
      return { response: { type: CallbackType.ChannelMessageWithSource, data: lastResortMessage() } };
    }
    return {
      response,
      after: async (rest) => {
        first.confirm(rest);
        await done;
      },
      abandon: (reason) => first.abandon(reason),
    };
  }

  /** A command's answer, seen by the asker alone. */
  function privately(interaction: Interaction, parsed: ParsedCommand): Promise<InteractionOutcome> {
    // The form, unless the bot is stopping (then the pipeline says so, in place of help).
    if ('form' in parsed) {
      if (pipeline.accepting) return Promise.resolve({ response: modalResponse(FORMS[parsed.form]) });
      parsed = { request: { command: 'help', input: { hint: null } } };
    }
    const { request } = parsed;
    const context = { interaction: interaction.id, command: request.command };
    const origin = originOf(interaction);
    const layout = discordLayout(recent, origin, logger, context);
    return through(
      request,
      (first) => answerPrivately(answerPrimitives(first, interaction, logger), layout),
      context,
      origin,
    );
  }

  function command(interaction: Interaction): Promise<InteractionOutcome> | null {
    const action = MessageCommandDataSchema.safeParse(interaction.data);
    if (action.success) {
      const name = MESSAGE_ACTIONS.get(action.data.name);
      if (name === undefined) return null;
      const content = action.data.resolved.messages[action.data.target_id]?.content ?? '';
      return privately(interaction, parseArgs(name, content, 'discord'));
    }
    const data = CommandDataSchema.safeParse(interaction.data);
    if (!data.success || data.data.name !== COMMAND_NAME) return null;
    const sub = data.data.options?.[0];
    const chosen = sub === undefined ? null : commandForVerb(sub.name, 'discord');
    if (chosen === null)
      return privately(interaction, { request: { command: 'help', input: { hint: null } } });
    const value = sub?.options?.find((option) => option.name === chosen.option?.name)?.value;
    return privately(
      interaction,
      parseArgs(chosen.name as CommandName, typeof value === 'string' ? value : '', 'discord'),
    );
  }

  function autocomplete(interaction: Interaction): InteractionOutcome | null {
    const data = CommandDataSchema.safeParse(interaction.data);
    if (!data.success || data.data.name !== COMMAND_NAME) return null;
    const sub = data.data.options?.[0];
    const kind =
      sub === undefined ? null : (commandForVerb(sub.name, 'discord')?.option?.autocomplete ?? null);
    const focused = sub?.options?.find((option) => option.focused === true);
    let choices: AutocompleteChoice[] = [];
    if (kind !== null && focused !== undefined && suggester !== null) {
      const typed = String(focused.value ?? '')
        .replace(/\s+/g, ' ')
        .trimStart()
        .slice(0, 200);
      try {
        choices = toChoices(suggester.suggest(kind, typed, MAX_AUTOCOMPLETE_CHOICES));
      } catch (error) {
        // An empty list is a fine answer; an error would show "Loading options failed".
        logger.warn({ err: error }, 'autocomplete failed');
      }
    }
    return autocompleteResult(choices);
  }

  /** Share (a lookup or a comparison) and "Put to a vote": the answer again, posted publicly. */
  async function component(interaction: Interaction): Promise<InteractionOutcome | null> {
    const data = ComponentDataSchema.safeParse(interaction.data);
    if (!data.success) return null;
    const customId = data.data.custom_id;
    if (customId === LIST_SHARE_CUSTOM_ID) return shareCard(interaction, logger);
    const userId = interaction.member?.user.id ?? interaction.user?.id ?? '';
    const origin = originOf(interaction);
    const compared = parseCompareCustomId(customId);
    let request: CommandRequest;
    if (compared !== null) {
      const again = await recent.get(compared.id, origin);
      if (again === null) {
        logger.info({ interaction: interaction.id, action: compared.action }, 'comparison button expired');
        return { response: { type: CallbackType.ChannelMessageWithSource, data: expiredMessage() } };
      }
      request = { command: 'compare', input: { again } };
      if (compared.action === 'vote') {
        const context = { interaction: interaction.id, command: 'compare', stage: 'vote' };
        const claim = claimFor('vote', interaction, again);
        return through(
          request,
          (first) => putToVote(votePrimitives(first, interaction, logger), voteLayout, claim),
          context,
          origin,
        );
      }
    } else {
      const share = parseShareCustomId(customId);
      if (share === null) {
        // Ours but unreadable (an older release's button): say so, as an expired comparison does.
        // Anything else is acknowledged without a change.
        if (!customId.startsWith(OWN_CUSTOM_ID_PREFIX)) {
          return { response: { type: CallbackType.DeferredMessageUpdate } };
        }
        logger.info({ interaction: interaction.id }, 'button of an unknown kind pressed');
        return { response: { type: CallbackType.ChannelMessageWithSource, data: staleButtonMessage() } };
      }
      request = lookupRequest(share.kind, share.name);
    }
    const context = { interaction: interaction.id, command: request.command, stage: 'share' };
    const layout = discordLayout(recent, origin, logger, context, userId);
    const claim = claimFor('share', interaction, request);
    return through(
      request,
      (first) => sharePublicly(sharePrimitives(first, interaction, customId, logger, context), layout, claim),
      context,
      origin,
    );
  }

  /** A form's submission: its request, answered privately like a command. */
  function modalSubmit(interaction: Interaction): Promise<InteractionOutcome> | null {
    const submitted = readModal(interaction.data);
    if (submitted === null) return null;
    const context = { interaction: interaction.id, command: submitted.form.id, form: true };
    let request: CommandRequest;
    try {
      request = submitted.form.toRequest(submitted.values);
    } catch (error) {
      logger.info({ ...context, reason: toErrorView(error).text }, 'form refused');
      return Promise.resolve({
        response: { type: CallbackType.ChannelMessageWithSource, data: errorMessage(toErrorView(error)) },
      });
    }
    return privately(interaction, { request });
  }

  /** What to answer when handling itself threw: the generic error, so Discord never shows a failure. */
  function failed(interaction: Interaction, error: unknown): InteractionOutcome | null {
    logger.error(
      { err: error, interaction: interaction.id, type: interaction.type },
      'Discord interaction handling failed; answering with an error',
    );
    switch (interaction.type) {
      case InteractionType.ApplicationCommandAutocomplete:
        return autocompleteResult([]);
      case InteractionType.ApplicationCommand:
      case InteractionType.MessageComponent:
      case InteractionType.ModalSubmit:
        return {
          response: { type: CallbackType.ChannelMessageWithSource, data: errorMessage(toErrorView(error)) },
        };
      default:
        return null;
    }
  }

  return async (payload) => {
    const parsed = InteractionSchema.safeParse(payload);
    if (!parsed.success) {
      logger.warn({ issues: parsed.error.issues.slice(0, 3) }, 'ignoring a malformed Discord interaction');
      return null;
    }
    const interaction = parsed.data;
    try {
      // Autocomplete changes nothing and comes with every keystroke; a ping has no identity to repeat.
      const answers =
        interaction.type === InteractionType.ApplicationCommand ||
        interaction.type === InteractionType.MessageComponent ||
        interaction.type === InteractionType.ModalSubmit;
      if (answers && once !== undefined && !(await once.firstDelivery(originOf(interaction)))) {
        return DUPLICATE;
      }
      switch (interaction.type) {
        case InteractionType.Ping:
          return { response: { type: CallbackType.Pong } };
        case InteractionType.ApplicationCommand:
          return await command(interaction);
        case InteractionType.ApplicationCommandAutocomplete:
          return autocomplete(interaction);
        case InteractionType.MessageComponent:
          return await component(interaction);
        case InteractionType.ModalSubmit:
          return await modalSubmit(interaction);
        default:
          return null;
      }
    } catch (error) {
      return failed(interaction, error);
    }
  };
}

function autocompleteResult(choices: AutocompleteChoice[]): InteractionOutcome {
  return { response: { type: CallbackType.ApplicationCommandAutocompleteResult, data: { choices } } };
}

/** Discord's choice limits: at most 25, name and value at most 100 characters, values unique. */
export function toChoices(names: readonly string[]): AutocompleteChoice[] {
  const seen = new Set<string>();
  const choices: AutocompleteChoice[] = [];
  for (const raw of names) {
    const name = raw.replace(/\s+/g, ' ').trim();
    if (name === '') continue;
    // The value is looked up when chosen, so it is cut without an ellipsis; the name is read.
    const value = truncate(name, CHOICE_LIMIT, '');
    if (seen.has(value)) continue;
    seen.add(value);
    choices.push({ name: truncate(name, CHOICE_LIMIT), value });
    if (choices.length === MAX_AUTOCOMPLETE_CHOICES) break;
  }
  return choices;
}
