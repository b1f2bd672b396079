import type { Logger } from 'pino';
import { normaliseName } from '../../core/command.js';
import type { LookupKind } from '../../core/errors.js';
import { helpView } from '../../core/help.js';
import { type Reply, runLookup } from '../../core/lookup.js';
import { toErrorView } from '../../core/messages.js';
import type { LookupSource, NameSuggester } from '../../core/source.js';
import {
  type DiscordEmbed,
  type DiscordMessage,
  EPHEMERAL_FLAG,
  parseShareCustomId,
  renderDiscord,
  sharedMessage,
} from '../../render/discord.js';
import { COMMAND_NAME } from './commands.js';
import {
  type AutocompleteChoice,
  CallbackType,
  CommandDataSchema,
  ComponentDataSchema,
  EmbedSchema,
  type Interaction,
  type InteractionResponse,
  InteractionSchema,
  InteractionType,
  type TopOption,
} from './payloads.js';
import type { DiscordRest } from './rest.js';

/** Discord allows 3 s for the first response; what is left after this covers the callback itself. */
export const DEFAULT_RESPONSE_BUDGET_MS = 2_000;
export const MAX_AUTOCOMPLETE_CHOICES = 25;
const CHOICE_LIMIT = 100;

export interface InteractionOutcome {
  response: InteractionResponse;
  /**
   * Work to do once the response has reached Discord: edit a deferred reply, remove the ephemeral
   * copy of a shared answer. Never throws; failures are logged.
   */
  after?: (rest: DiscordRest) => Promise<void>;
}

export interface InteractionHandlerOptions {
  source: LookupSource;
  suggester: NameSuggester | null;
  logger: Logger;
  /** How long a lookup may take before the reply is deferred. */
  budgetMs?: number;
  /** Aborts lookups still running when the adapter stops. */
  signal?: AbortSignal;
}

/**
 * The whole bot logic for Discord, shared by the gateway and the HTTP transport: takes a raw
 * interaction payload, returns the immediate response and any follow-up work. Returns null for
 * payloads that are malformed or not for this bot.
 */
export type InteractionHandler = (payload: unknown) => Promise<InteractionOutcome | null>;

export function createInteractionHandler(options: InteractionHandlerOptions): InteractionHandler {
  const { source, suggester, logger } = options;
  const budgetMs = options.budgetMs ?? DEFAULT_RESPONSE_BUDGET_MS;
  const lookupOptions = options.signal === undefined ? {} : { signal: options.signal };

  const immediate = (data: DiscordMessage): InteractionOutcome => ({
    response: { type: CallbackType.ChannelMessageWithSource, data },
  });

  const lookup = (kind: LookupKind, name: string): Promise<Reply> =>
    runLookup({ type: 'lookup', kind, name }, source, logger, lookupOptions).catch(
      (error: unknown): Reply => ({ type: 'error', error: toErrorView(error) }),
    );

  /**
   * Answers in the response when the reply is ready within the budget, otherwise defers: a slow
   * upstream must never cost the 3 s deadline.
   */
  async function answer(
    interaction: Interaction,
    pending: Promise<DiscordMessage>,
  ): Promise<InteractionOutcome> {
    const settled = await within(pending, budgetMs);
    if (settled.done) return immediate(settled.value);
    return deferred(interaction, pending, true);
  }

  async function editReply(rest: DiscordRest, interaction: Interaction, message: DiscordMessage) {
    // Ephemerality was fixed by the deferral; an edit cannot change it.
    const { flags: _flags, ...edit } = message;
    try {
      await rest.editOriginal(interaction.application_id, interaction.token, edit);
      return true;
    } catch (error) {
      logger.warn({ err: error, interaction: interaction.id }, 'could not edit the deferred Discord reply');
      return false;
    }
  }

  /** Acknowledges now and delivers the reply (by default: edits the acknowledgement) once ready. */
  function deferred(
    interaction: Interaction,
    pending: Promise<DiscordMessage>,
    ephemeral: boolean,
    deliver: (rest: DiscordRest, message: DiscordMessage) => Promise<unknown> = (rest, message) =>
      editReply(rest, interaction, message),
  ): InteractionOutcome {
    logger.debug({ interaction: interaction.id, budgetMs }, 'lookup slower than the budget; deferring');
    return {
      response: {
        type: CallbackType.DeferredChannelMessageWithSource,
        data: ephemeral ? { flags: EPHEMERAL_FLAG } : {},
      },
      after: async (rest) => {
        await deliver(rest, await pending);
      },
    };
  }

  async function command(interaction: Interaction): Promise<InteractionOutcome | null> {
    const data = CommandDataSchema.safeParse(interaction.data);
    if (!data.success || data.data.name !== COMMAND_NAME) return null;
    const sub = data.data.options?.[0];
    const kind = lookupKind(sub);
    if (sub === undefined || kind === null) {
      return immediate(renderDiscord({ type: 'help', help: helpView() }));
    }
    const raw = sub.options?.find((option) => option.name === 'name')?.value;
    let name: string;
    try {
      name = normaliseName(typeof raw === 'string' ? raw : '');
    } catch (error) {
      return immediate(renderDiscord({ type: 'error', error: toErrorView(error) }));
    }
    return answer(
      interaction,
      lookup(kind, name).then((reply) => renderDiscord(reply)),
    );
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
    return { response: { type: CallbackType.ApplicationCommandAutocompleteResult, data: { choices } } };
  }

  async function component(interaction: Interaction): Promise<InteractionOutcome | null> {
    const data = ComponentDataSchema.safeParse(interaction.data);
    if (!data.success) return null;
    const share = parseShareCustomId(data.data.custom_id);
    if (share === null) return { response: { type: CallbackType.DeferredUpdateMessage } };
    const userId = interaction.member?.user.id ?? interaction.user?.id ?? '';
    const copy = interaction.message;

    const removeEphemeralCopy = async (rest: DiscordRest) => {
      if (copy === undefined) return;
      try {
        await rest.deleteMessage(interaction.application_id, interaction.token, copy.id);
      } catch (error) {
        // Not essential: the user can dismiss the ephemeral copy themselves.
        logger.info({ err: error, interaction: interaction.id }, 'could not remove the ephemeral copy');
      }
    };

    // The button sits on the bot's own answer, so its embed is re-posted as is: no second lookup,
    // and names longer than a custom_id survive.
    const embed = firstEmbed(copy?.embeds);
    if (embed !== null) {
      return { ...immediate(sharedMessage([embed], userId)), after: removeEphemeralCopy };
    }

    // No embed to copy (Discord always sends the message, so this is defensive): look it up again.
    const shared = (reply: Reply) =>
      reply.type === 'result' ? renderDiscord(reply, { mode: { sharedBy: userId } }) : renderDiscord(reply);
    const pending = lookup(share.kind, share.name);
    const settled = await within(pending, budgetMs);
    if (settled.done) {
      const message = shared(settled.value);
      return settled.value.type === 'result'
        ? { ...immediate(message), after: removeEphemeralCopy }
        : immediate(message);
    }
    return deferred(interaction, pending.then(shared), false, async (rest, message) => {
      if (message.flags === EPHEMERAL_FLAG) {
        // The lookup failed after a public deferral: the error goes to the user alone.
        await replacePublicWithPrivate(rest, interaction, message);
      } else if (await editReply(rest, interaction, message)) {
        await removeEphemeralCopy(rest);
      }
    });
  }

  async function replacePublicWithPrivate(
    rest: DiscordRest,
    interaction: Interaction,
    message: DiscordMessage,
  ) {
    try {
      await rest.deleteMessage(interaction.application_id, interaction.token, '@original');
      await rest.followUp(interaction.application_id, interaction.token, message);
    } catch (error) {
      logger.warn({ err: error, interaction: interaction.id }, 'could not replace a failed share');
    }
  }

  return async (payload) => {
    const parsed = InteractionSchema.safeParse(payload);
    if (!parsed.success) {
      logger.warn({ issues: parsed.error.issues.slice(0, 3) }, 'ignoring a malformed Discord interaction');
      return null;
    }
    const interaction = parsed.data;
    switch (interaction.type) {
      case InteractionType.Ping:
        return { response: { type: CallbackType.Pong } };
      case InteractionType.ApplicationCommand:
        return command(interaction);
      case InteractionType.ApplicationCommandAutocomplete:
        return autocomplete(interaction);
      case InteractionType.MessageComponent:
        return component(interaction);
      default:
        return null;
    }
  };
}

function lookupKind(sub: TopOption | undefined): LookupKind | null {
  if (sub?.name === 'product' || sub?.name === 'recipe') return sub.name;
  return null;
}

/** Discord's choice limits: at most 25, name and value at most 100 characters, values unique. */
export function toChoices(names: readonly string[]): AutocompleteChoice[] {
  const seen = new Set<string>();
  const choices: AutocompleteChoice[] = [];
  for (const raw of names) {
    const name = raw.replace(/\s+/g, ' ').trim();
    if (name === '') continue;
    const value = cut(name, CHOICE_LIMIT);
    if (seen.has(value)) continue;
    seen.add(value);
    choices.push({ name: name.length > CHOICE_LIMIT ? `${cut(name, CHOICE_LIMIT - 1)}…` : name, value });
    if (choices.length === MAX_AUTOCOMPLETE_CHOICES) break;
  }
  return choices;
}

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

function firstEmbed(embeds: readonly unknown[] | undefined): DiscordEmbed | null {
  const parsed = EmbedSchema.safeParse(embeds?.[0]);
  if (!parsed.success) return null;
  const embed = parsed.data;
  if (embed.title === undefined && embed.description === undefined) return null;
  return embed;
}

async function within<T>(
  promise: Promise<T>,
  ms: number,
): Promise<{ done: true; value: T } | { done: false }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ done: false }>((resolve) => {
    timer = setTimeout(() => resolve({ done: false }), ms);
  });
  try {
    return await Promise.race([promise.then((value) => ({ done: true as const, value })), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
