import type { Logger } from 'pino';
import { createChatCompareHandlers } from '../../compare/chat.js';
import { normaliseName } from '../../core/command.js';
import type { LookupKind } from '../../core/errors.js';
import { createCoreHandlers } from '../../core/handlers.js';
import { helpView } from '../../core/help.js';
import type { Reply } from '../../core/lookup.js';
import { toErrorView } from '../../core/messages.js';
import { InteractionPipeline, type ReplyChannel, type RequestHandler } from '../../core/pipeline.js';
import type { LookupSource, NameSuggester } from '../../core/source.js';
import { isIngredientList } from '../../recipes/list-text.js';
import type { DiscordMessage } from '../../render/discord.js';
import { truncate } from '../../render/shared.js';
import { chatCompareDeps } from '../compare-deps.js';
import { errorMessage, messageChannel, plainErrorMessage, shareChannel } from './channels.js';
import { CARBON_COMMAND, COMMAND_NAME, type LookupSubcommand, RATE_MENU_COMMAND_NAME } from './commands.js';
import { createDiscordCompare } from './compare.js';
import { LIST_SHARE_CUSTOM_ID, parseShareCustomId } from './custom-ids.js';
import { FirstResponse } from './first-response.js';
import {
  type AutocompleteChoice,
  CallbackType,
  CommandDataSchema,
  ComponentDataSchema,
  type Interaction,
  type InteractionResponse,
  InteractionSchema,
  InteractionType,
  type TopOption,
} from './payloads.js';
import { readRecipeModal, recipeModalResponse, recipeModalText } from './recipe-modal.js';
import type { DiscordRest } from './rest.js';
import { shareCard } from './share-card.js';

/** Discord allows 3 s for the first response; what is left after this covers the callback itself. */
export const DEFAULT_RESPONSE_BUDGET_MS = 2_000;
export const MAX_AUTOCOMPLETE_CHOICES = 25;
const CHOICE_LIMIT = 100;

export interface InteractionOutcome {
  response: InteractionResponse;
  /**
   * To call once the response has reached Discord: the pipeline then delivers what comes later
   * (a deferred answer, a shared post). Resolves when the interaction is fully answered; never throws.
   */
  after?: (rest: DiscordRest) => Promise<void>;
  /** To call when the response could not be sent: nothing may follow it up. */
  abandon?: (reason: string) => void;
}

export interface InteractionHandlerOptions {
  source: LookupSource;
  suggester: NameSuggester | null;
  logger: Logger;
  /** How long a lookup may take before the reply is deferred (ignored when `pipeline` is given). */
  budgetMs?: number;
  /** The adapter's pipeline, which its stop() stops; a handler of its own otherwise. */
  pipeline?: InteractionPipeline;
}

/**
 * Translates Discord interactions to and from the core pipeline, for the gateway and the HTTP
 * transport alike: takes a raw interaction payload, returns the first response and what follows.
 * Returns null for payloads that are malformed or not for this bot. Never rejects for a valid
 * interaction: whatever goes wrong, there is a response to send.
 */
export type InteractionHandler = (payload: unknown) => Promise<InteractionOutcome | null>;

/** The generic error, laid out by hand: what to send when nothing else can be. */
export function lastResortMessage(): DiscordMessage {
  return plainErrorMessage(toErrorView(new Error('unrenderable')));
}

export function createInteractionHandler(options: InteractionHandlerOptions): InteractionHandler {
  const { suggester, logger } = options;
  const pipeline =
    options.pipeline ??
    new InteractionPipeline({ logger, budgetMs: options.budgetMs ?? DEFAULT_RESPONSE_BUDGET_MS });
  const core = createCoreHandlers(options.source);
  const compare = createDiscordCompare({
    logger,
    compare: createChatCompareHandlers(chatCompareDeps(options.source, logger)),
    through: (handler, request, makeChannel, context) => through(handler, request, makeChannel, context),
  });

  /** Runs one interaction through the pipeline and hands its first response to the transport. */
  async function through<Request, R = Reply>(
    handler: RequestHandler<Request, R>,
    request: Request,
    makeChannel: (first: FirstResponse) => ReplyChannel<R>,
    context: Record<string, unknown>,
  ): Promise<InteractionOutcome> {
    const first = new FirstResponse();
    const done = pipeline.run(handler, request, makeChannel(first), context);
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

  function command(interaction: Interaction): Promise<InteractionOutcome> | null {
    const menu = compare.rateMenu(interaction, RATE_MENU_COMMAND_NAME);
    if (menu !== null) return menu;
    const data = CommandDataSchema.safeParse(interaction.data);
    if (!data.success || data.data.name !== COMMAND_NAME) return null;
    const sub = data.data.options?.[0];
    if (sub?.name === 'compare') return compare.command(interaction, sub);
    const kind = lookupKind(sub);
    const context = { interaction: interaction.id, kind: kind ?? 'help' };
    const channel = (first: FirstResponse) => messageChannel(first, interaction, logger, context);
    if (sub === undefined || kind === null) {
      return through(
        async (): Promise<Reply> => ({ type: 'help', help: helpView() }),
        null,
        channel,
        context,
      );
    }
    const raw = sub.options?.find((option) => option.name === 'name')?.value;
    if (kind === 'recipe') {
      const text = typeof raw === 'string' ? raw : '';
      // `/carbon recipe` with no name: the form, unless the bot is stopping (then the pipeline says so).
      if (text.trim() === '' && pipeline.accepting)
        return Promise.resolve({ response: recipeModalResponse() });
      if (isIngredientList(text)) return through(core.ingredientList, text, channel, context);
    }
    let name: string;
    try {
      name = normaliseName(typeof raw === 'string' ? raw : '');
    } catch (error) {
      const invalid: Reply = { type: 'error', error: toErrorView(error) };
      return through(async () => invalid, null, channel, context);
    }
    return through(core.lookup, { kind, name }, channel, context);
  }

  function autocomplete(interaction: Interaction): InteractionOutcome | null {
    const data = CommandDataSchema.safeParse(interaction.data);
    if (!data.success || data.data.name !== COMMAND_NAME) return null;
    const sub = data.data.options?.[0];
    const kind = lookupKind(sub);
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

  /** The Share button: the same lookup again, posted publicly (see shareChannel). */
  function component(interaction: Interaction): Promise<InteractionOutcome> | InteractionOutcome | null {
    const data = ComponentDataSchema.safeParse(interaction.data);
    if (!data.success) return null;
    const compared = compare.component(interaction, data.data.custom_id);
    if (compared !== null) return compared;
    if (data.data.custom_id === LIST_SHARE_CUSTOM_ID) return shareCard(interaction, logger);
    const share = parseShareCustomId(data.data.custom_id);
    if (share === null) return { response: { type: CallbackType.DeferredMessageUpdate } };
    const customId = data.data.custom_id;
    const userId = interaction.member?.user.id ?? interaction.user?.id ?? '';
    const context = { interaction: interaction.id, kind: share.kind, share: true };
    return through(
      core.lookup,
      share,
      (first) => shareChannel(first, interaction, userId, customId, logger, context),
      context,
    );
  }

  /** The recipe form's submission: computed and answered like any list, privately with Share. */
  function modalSubmit(interaction: Interaction): Promise<InteractionOutcome> | null {
    const values = readRecipeModal(interaction.data);
    if (values === null) return null;
    const context = { interaction: interaction.id, kind: 'recipe', form: true };
    const channel = (first: FirstResponse) => messageChannel(first, interaction, logger, context);
    let list: string;
    try {
      list = recipeModalText(values);
    } catch (error) {
      logger.info({ ...context, err: error }, 'recipe form refused');
      const refused: Reply = { type: 'error', error: toErrorView(error) };
      return through(async () => refused, null, channel, context);
    }
    return through(core.ingredientList, list, channel, context);
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

/** The subcommands that look a name up, as the command definition names them. */
const LOOKUP_SUBCOMMANDS = CARBON_COMMAND.options.flatMap((option) =>
  'options' in option && option.name !== 'compare' ? [option.name] : [],
) satisfies LookupSubcommand[] as readonly LookupSubcommand[];
/** Compile-time: the definition's lookup subcommands are exactly core's lookup kinds. */
const sameKinds: [LookupSubcommand] extends [LookupKind]
  ? [LookupKind] extends [LookupSubcommand]
    ? true
    : never
  : never = true;
void sameKinds;

function lookupKind(sub: TopOption | undefined): LookupKind | null {
  return LOOKUP_SUBCOMMANDS.find((name) => name === sub?.name) ?? null;
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
