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
  EmbedSchema,
  EPHEMERAL_FLAG,
  parseShareCustomId,
  renderDiscord,
  sharedMessage,
  sharedNotice,
  shareFailedMessage,
} from '../../render/discord.js';
import { truncate } from '../../render/shared.js';
// The one "settled within a budget?" helper, shared with the Slack adapter's ack budget.
import { withinBudget } from '../ack-budget.js';
import { COMMAND_NAME } from './commands.js';
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
import type { DiscordRest } from './rest.js';

/** Discord allows 3 s for the first response; what is left after this covers the callback itself. */
export const DEFAULT_RESPONSE_BUDGET_MS = 2_000;
export const MAX_AUTOCOMPLETE_CHOICES = 25;
const CHOICE_LIMIT = 100;
const LATE = Symbol('late');

export interface InteractionOutcome {
  response: InteractionResponse;
  /**
   * Work to do once the response has reached Discord: edit a deferred reply, post a shared answer.
   * Never throws; failures are logged.
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
 * payloads that are malformed or not for this bot. Never rejects for a valid interaction: whatever
 * goes wrong, there is a response to send.
 */
export type InteractionHandler = (payload: unknown) => Promise<InteractionOutcome | null>;

/**
 * The last resort when even the error view cannot be rendered: core/messages.ts's generic wording,
 * laid out by hand.
 */
export function lastResortMessage(): DiscordMessage {
  const view = toErrorView(new Error('unrenderable'));
  return {
    content: `⚠️ ${[view.text, view.hint].filter(Boolean).join(' ')}`,
    embeds: [],
    components: [],
    flags: EPHEMERAL_FLAG,
    allowed_mentions: { parse: [] },
  };
}

export function createInteractionHandler(options: InteractionHandlerOptions): InteractionHandler {
  const { source, suggester, logger } = options;
  const budgetMs = options.budgetMs ?? DEFAULT_RESPONSE_BUDGET_MS;
  const lookupOptions = options.signal === undefined ? {} : { signal: options.signal };

  const immediate = (data: DiscordMessage): InteractionOutcome => ({
    response: { type: CallbackType.ChannelMessageWithSource, data },
  });

  /** The ephemeral error message for `error`; the generic one for anything unexpected. */
  const errorMessage = (error: unknown): DiscordMessage => {
    try {
      return renderDiscord({ type: 'error', error: toErrorView(error) });
    } catch {
      return lastResortMessage();
    }
  };

  /**
   * Renders, or answers with the generic error view when the renderer throws (a result with an
   * unexpected shape): the interaction still gets its response.
   */
  const rendered = (make: () => DiscordMessage, context: Record<string, unknown>): DiscordMessage => {
    try {
      return make();
    } catch (error) {
      logger.error({ err: error, ...context }, 'could not render a Discord reply; answering with an error');
      return errorMessage(error);
    }
  };

  const lookup = (kind: LookupKind, name: string): Promise<Reply> =>
    runLookup({ type: 'lookup', kind, name }, source, logger, lookupOptions).catch(
      (error: unknown): Reply => ({ type: 'error', error: toErrorView(error) }),
    );

  /**
   * A lookup cancelled by the caller (the adapter stopping aborts lookups with
   * LookupCancelledError) is for nobody: its reply would only tell the user about a shutdown. It
   * is dropped wherever it would be sent after the interaction was acknowledged. The first
   * response is still sent whatever the reply, since Discord shows "The application did not
   * respond" without one.
   */
  const droppedAsCancelled = (reply: Reply, context: Record<string, unknown>): boolean => {
    if (reply.type !== 'error' || reply.error.code !== 'cancelled') return false;
    logger.info(context, 'Discord reply dropped: the lookup was cancelled');
    return true;
  };

  /**
   * Answers in the response when the reply is ready within the budget, otherwise defers: a slow
   * upstream must never cost the 3 s deadline.
   */
  async function answer(
    interaction: Interaction,
    pending: Promise<Reply>,
    render: (reply: Reply) => DiscordMessage,
  ): Promise<InteractionOutcome> {
    const settled = await withinBudget(pending, budgetMs, LATE);
    if (settled !== LATE) return immediate(render(settled));
    logger.debug({ interaction: interaction.id, budgetMs }, 'lookup slower than the budget; deferring');
    return {
      response: {
        type: CallbackType.DeferredChannelMessageWithSource,
        data: { flags: EPHEMERAL_FLAG },
      },
      after: async (rest) => {
        const reply = await pending;
        if (droppedAsCancelled(reply, { interaction: interaction.id, stage: 'deferred' })) return;
        await deliverDeferred(rest, interaction, render(reply));
      },
    };
  }

  /**
   * Replaces the "thinking…" message of an ephemeral deferral with the reply. When the edit fails,
   * the reply goes out as a follow-up (the first follow-up after a deferral takes the place of the
   * loading message), and when that fails too, the error view does, so that the user is never
   * left with "thinking…".
   */
  async function deliverDeferred(rest: DiscordRest, interaction: Interaction, message: DiscordMessage) {
    const context = { interaction: interaction.id };
    // Ephemerality was fixed by the deferral; an edit cannot change it.
    const { flags: _flags, ...edit } = message;
    try {
      await rest.editOriginal(interaction.application_id, interaction.token, edit);
      return;
    } catch (error) {
      logger.warn({ err: error, ...context }, 'could not edit the deferred Discord reply; following up');
    }
    const fallbacks: DiscordMessage[] = [{ ...message, flags: EPHEMERAL_FLAG }];
    const failure = errorMessage(undefined);
    if (message.content !== failure.content) fallbacks.push(failure);
    for (const [index, followUp] of fallbacks.entries()) {
      try {
        await rest.followUp(interaction.application_id, interaction.token, followUp);
        return;
      } catch (error) {
        logger.warn(
          { err: error, ...context },
          index === 0
            ? 'could not send the deferred reply as a follow-up'
            : 'could not send the error follow-up',
        );
      }
    }
    logger.error(context, 'a deferred Discord reply could not be delivered');
  }

  async function command(interaction: Interaction): Promise<InteractionOutcome | null> {
    const data = CommandDataSchema.safeParse(interaction.data);
    if (!data.success || data.data.name !== COMMAND_NAME) return null;
    const sub = data.data.options?.[0];
    const kind = lookupKind(sub);
    const context = { interaction: interaction.id, kind: kind ?? 'help' };
    if (sub === undefined || kind === null) {
      return immediate(rendered(() => renderDiscord({ type: 'help', help: helpView() }), context));
    }
    const raw = sub.options?.find((option) => option.name === 'name')?.value;
    let name: string;
    try {
      name = normaliseName(typeof raw === 'string' ? raw : '');
    } catch (error) {
      return immediate(errorMessage(error));
    }
    return answer(interaction, lookup(kind, name), (reply) =>
      rendered(() => renderDiscord(reply), { ...context, reply: reply.type }),
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
    return autocompleteResult(choices);
  }

  /**
   * The Share button. The private copy is updated in place (type 7, or type 6 then an edit when
   * the answer has to be looked up again) and the public copy is a follow-up message through the
   * button's own interaction token: both documented uses of that token.
   */
  async function component(interaction: Interaction): Promise<InteractionOutcome | null> {
    const data = ComponentDataSchema.safeParse(interaction.data);
    if (!data.success) return null;
    const share = parseShareCustomId(data.data.custom_id);
    if (share === null) return { response: { type: CallbackType.DeferredUpdateMessage } };
    const customId = data.data.custom_id;
    const userId = interaction.member?.user.id ?? interaction.user?.id ?? '';
    const context = { interaction: interaction.id, kind: share.kind, share: true };

    // The button sits on the bot's own answer, so its embed is re-posted as is: no second lookup,
    // and names longer than a custom_id survive.
    const embed = firstEmbed(interaction.message?.embeds);
    if (embed !== null) {
      const shared = rendered(() => sharedMessage([embed], userId), context);
      if (shared.flags === EPHEMERAL_FLAG) return immediate(shared);
      return {
        response: { type: CallbackType.UpdateMessage, data: sharedNotice() },
        after: (rest) => postShared(rest, interaction, shared, customId, false),
      };
    }

    // No embed to copy (Discord always sends the message, so this is defensive): look it up again.
    const render = (reply: Reply): DiscordMessage =>
      rendered(
        () =>
          reply.type === 'result'
            ? renderDiscord(reply, { mode: { sharedBy: userId } })
            : renderDiscord(reply),
        { ...context, reply: reply.type },
      );
    const pending = lookup(share.kind, share.name);
    const settled = await withinBudget(pending, budgetMs, LATE);
    if (settled !== LATE) {
      const message = render(settled);
      // Errors go to the user alone, as a new ephemeral message; the private copy stays.
      if (message.flags === EPHEMERAL_FLAG) return immediate(message);
      return {
        response: { type: CallbackType.UpdateMessage, data: sharedNotice() },
        after: (rest) => postShared(rest, interaction, message, customId, false),
      };
    }
    logger.debug({ ...context, budgetMs }, 'share lookup slower than the budget; deferring the update');
    return {
      response: { type: CallbackType.DeferredUpdateMessage },
      after: async (rest) => {
        const reply = await pending;
        if (droppedAsCancelled(reply, { ...context, stage: 'deferred share' })) return;
        const message = render(reply);
        if (message.flags !== EPHEMERAL_FLAG) {
          await postShared(rest, interaction, message, customId, true);
          return;
        }
        try {
          await rest.followUp(interaction.application_id, interaction.token, message);
        } catch (error) {
          logger.warn({ err: error, ...context }, 'could not send the share error as a follow-up');
        }
      },
    };
  }

  /**
   * Posts the public copy as a follow-up. When that fails, the private copy (already replaced by
   * the notice, or still the card) gets its card and button back with a line saying sharing failed.
   */
  async function postShared(
    rest: DiscordRest,
    interaction: Interaction,
    shared: DiscordMessage,
    customId: string,
    showNotice: boolean,
  ) {
    const context = { interaction: interaction.id, share: true };
    const { application_id: app, token } = interaction;
    try {
      await rest.followUp(app, token, shared);
    } catch (error) {
      logger.warn({ err: error, ...context }, 'could not post a shared Discord answer');
      try {
        await rest.editOriginal(app, token, shareFailedMessage(shared.embeds, customId));
      } catch (editError) {
        logger.warn({ err: editError, ...context }, 'could not tell the user that sharing failed');
      }
      return;
    }
    if (!showNotice) return;
    try {
      await rest.editOriginal(app, token, sharedNotice());
    } catch (error) {
      // Not essential: the public copy is out, the private one merely stays as it was.
      logger.info({ err: error, ...context }, 'could not mark the private copy as shared');
    }
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
        return immediate(errorMessage(error));
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
    // The value is looked up when chosen, so it is cut without an ellipsis; the name is read.
    const value = truncate(name, CHOICE_LIMIT, '');
    if (seen.has(value)) continue;
    seen.add(value);
    choices.push({ name: truncate(name, CHOICE_LIMIT), value });
    if (choices.length === MAX_AUTOCOMPLETE_CHOICES) break;
  }
  return choices;
}

function firstEmbed(embeds: readonly unknown[] | undefined): DiscordEmbed | null {
  const parsed = EmbedSchema.safeParse(embeds?.[0]);
  if (!parsed.success) return null;
  const embed = parsed.data;
  if (embed.title === undefined && embed.description === undefined) return null;
  return embed;
}
