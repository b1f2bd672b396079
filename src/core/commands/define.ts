import type { ChatCompareReply, ComparisonRequest } from '../../compare/chat.js';
import type { Dataset } from '../datasets.js';
import type { LookupKind } from '../errors.js';
import type { Reply } from '../lookup.js';
import type { HandlerContext } from '../pipeline.js';
import type { IngredientListResult } from '../result.js';
import type { LookupSource } from '../source.js';
import type { Telemetry } from '../telemetry.js';
import type { Answer } from './answer.js';
import type { Surface } from './surface.js';

/**
 * What a command is, defined once: its verb, the text it takes, how each surface describes it, the
 * request it reads from that text and the handler that answers it. Discord's application command,
 * Slack's and the shell's parsing, the CLI's verbs and every help text are derived from these
 * definitions (registry.ts); nothing else spells a verb.
 */

/** The one text a command takes (every command takes at most one): a name, a list, a message. */
export interface CommandOption {
  /** Discord's option name, e.g. `name` or `options`. */
  name: string;
  /** How usage lines show it, e.g. `<name>`. */
  placeholder: string;
  /** Discord's option description (at most 100 characters). */
  description: string;
  /** Whether the command needs it; a chat command without it may open a form instead (recipe). */
  required: boolean;
  minLength: number;
  maxLength: number;
  /** Names of this kind are completed as they are typed (Discord autocomplete). */
  autocomplete: LookupKind | null;
  /** The command line reads it from standard input when it is not given (a posted menu). */
  stdin: boolean;
}

/** One line of help: what follows the verb, and what it does, worded for chat or for terminals. */
export interface UsageLine {
  /** What follows the verb (`<name>`), or null for the verb alone. */
  args: string | null;
  description: string;
  /** The families this line is shown to; every family the command is on when omitted. */
  only?: 'chat' | 'terminal';
}

/**
 * A command that chat platforms offer on a message instead of as a verb ("Rate this menu" in a
 * message's apps or more-actions menu): the message's text becomes the command's text.
 */
export interface MessageAction {
  /** The name shown in the menu (Discord's message command name, Slack's shortcut name). */
  name: string;
  description: string;
}

/** What the text after a verb asks for: the command's input, a form to fill in, or usage help. */
export type Parsed<Input> = { input: Input } | { form: FormId } | { hint: string };

/** Forms a chat command may open instead of answering (src/recipes/form.ts holds the recipe form). */
export type FormId = 'recipe';

/** What every handler is given: the pipeline's signal and logger, and where the command was typed. */
export interface CommandContext extends HandlerContext {
  surface: Surface;
}

/**
 * The services handlers answer with, built once by the app (src/app/services.ts) and passed in:
 * core defines what it needs, the features implement it, so core never imports them.
 */
export interface CommandServices {
  source: LookupSource;
  /** Ingredient lists, computed from the built-in catalog whatever the source (src/recipes). */
  recipes: { compute(list: string): IngredientListResult };
  compare: CompareService;
  /** The datasets behind the figures (data/datasets.json). */
  datasets(): readonly Dataset[];
  /** Requests to the upstream API one command may cause (core/upstream-budget.ts); 30 when unset. */
  upstreamCallsPerCommand?: number;
  /** Where each answered command is reported (the metrics); nowhere when unset. */
  telemetry?: Telemetry;
}

/** Comparisons (src/compare/chat.ts implements it). */
export interface CompareService {
  /** The text after `compare`: "a, b, c", "a vs b", "… for 12 people". */
  text(text: string, context: HandlerContext): Promise<ChatCompareReply>;
  /** A posted message read as a menu. */
  menu(message: string, context: HandlerContext): Promise<ChatCompareReply>;
  /** The same comparison again (Share, the vote). */
  again(request: ComparisonRequest, context: HandlerContext): Promise<ChatCompareReply>;
  /** One name, taken as a dish or a product the way a comparison decides (src/compare/resolve.ts). */
  either(name: string, context: HandlerContext): Promise<Reply>;
  /**
   * A dish by name (`/carbon recipe`): the source's named dish; from the built-in catalog, one built
   * from its parts when no named dish fits (src/compare/either.ts).
   */
  dish(name: string, context: HandlerContext): Promise<Reply>;
}

export interface CommandDefinition<Name extends string = string, Input = unknown> {
  name: Name;
  /** Other spellings of the verb ("products"). */
  aliases: readonly string[];
  /** One line: Discord's command description (at most 100 characters). */
  summary: string;
  /** Where it is offered. Chat platforms offer a command with `messageAction` on messages instead. */
  surfaces: readonly Surface[];
  option: CommandOption | null;
  messageAction: MessageAction | null;
  usage: readonly UsageLine[];
  /** What may follow the verb, as typed on every surface. */
  examples: readonly string[];
  /** Reads the text after the verb (or the option's value). May throw a CarbonError. */
  parse(args: string, surface: Surface): Parsed<NoInfer<Input>>;
  handle(input: Input, services: CommandServices, context: CommandContext): Promise<Answer>;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds commands of every input type
export type AnyCommand = CommandDefinition<string, any>;

/** Checks a definition and keeps its literal name and input type. */
export function defineCommand<const Name extends string, Input>(
  definition: CommandDefinition<Name, Input>,
): CommandDefinition<Name, Input> {
  return definition;
}
