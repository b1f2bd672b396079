import type { LookupKind } from '../errors.js';
import type { HelpView } from '../help.js';
import { compareCommand } from './compare.js';
import { type AnyCommand, type CommandDefinition, defineCommand } from './define.js';
import { buildHelp } from './help.js';
import { lookupCommand } from './lookup.js';
import { menuCommand } from './menu.js';
import { productCommand } from './product.js';
import { recipeCommand } from './recipe.js';
import { sourcesCommand } from './sources.js';
import { SURFACES, type Surface } from './surface.js';

/** `/carbon help`: the usage of every command on the surface it is asked on. */
export const helpCommand = defineCommand({
  name: 'help',
  aliases: [],
  summary: 'How to use /carbon',
  surfaces: SURFACES,
  option: null,
  messageAction: null,
  usage: [{ args: null, description: 'this message' }],
  examples: [''],
  parse: () => ({ input: { hint: null } }),
  handle: async ({ hint }: { hint: string | null }, _services, { surface }) => ({
    type: 'help',
    help: helpView(surface, hint),
  }),
});

/**
 * Every command, in the order help lists them. Adding a command is a definition file and a line
 * here; every surface picks it up (test/core/commands/surfaces.test.ts holds them to this list).
 */
export const COMMANDS = [
  productCommand,
  recipeCommand,
  compareCommand,
  menuCommand,
  sourcesCommand,
  lookupCommand,
  helpCommand,
] as const satisfies readonly AnyCommand[];

/** The command a line with no verb runs: its whole text is the name. */
export const BARE_COMMAND: AnyCommand = lookupCommand;

export type Command = (typeof COMMANDS)[number];
export type CommandName = Command['name'];

type RequestOf<C> =
  C extends CommandDefinition<infer Name, infer Input> ? { command: Name; input: Input } : never;
/** A command to run: its name and its input, typed per command. */
export type CommandRequest = RequestOf<Command>;

const BY_VERB = new Map<string, AnyCommand>(
  COMMANDS.flatMap((command) => [command.name, ...command.aliases].map((verb) => [verb, command] as const)),
);

/** The command a verb names on a surface (case-insensitive, aliases too), or null. */
export function commandForVerb(verb: string, surface: Surface): AnyCommand | null {
  const command = BY_VERB.get(verb.toLowerCase());
  return command?.surfaces.includes(surface) ? command : null;
}

export function commandNamed(name: CommandName): AnyCommand {
  return COMMANDS.find((command) => command.name === name)!;
}

/** Every verb and alias a surface reads, the bare command's name aside. */
export function verbsOn(surface: Surface): string[] {
  return commandsOn(surface)
    .filter((command) => command !== BARE_COMMAND)
    .flatMap((command) => [command.name, ...command.aliases]);
}

/** The commands a surface offers as verbs, in help order. */
export function commandsOn(surface: Surface): AnyCommand[] {
  return COMMANDS.filter((command) => command.surfaces.includes(surface));
}

/** A lookup by name, as a button runs it again (Share, a suggestion). */
export function lookupRequest(kind: LookupKind, name: string): CommandRequest {
  return kind === 'product'
    ? { command: 'product', input: { name } }
    : { command: 'recipe', input: { text: name } };
}

/** Help for a surface, with an optional hint above it (what was wrong with the command). */
export function helpView(surface: Surface, hint: string | null = null): HelpView {
  return buildHelp(COMMANDS, BARE_COMMAND, surface, hint);
}
