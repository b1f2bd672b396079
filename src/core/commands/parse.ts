import { stripInvisible } from '../command.js';
import type { FormId } from './define.js';
import { nearestVerb } from './near-verb.js';
import {
  BARE_COMMAND,
  type CommandName,
  type CommandRequest,
  commandForVerb,
  commandNamed,
  verbsOn,
} from './registry.js';
import type { Surface } from './surface.js';

/** What a line of command text asks for: a command to run, or (chat) a form to open. */
export type ParsedCommand = { request: CommandRequest } | { form: FormId };

/** The longest verb echoed back in a "not a command" hint. */
const SHOWN_VERB_MAX = 30;

/**
 * The one place verbs are read: the text after `/carbon` in Slack, a line in the shell, the
 * command line's words. The first word names a command (or an alias); a surface with a bare
 * command takes a text with no verb as a name. Never throws: what cannot run becomes help with a
 * hint, and each command's handler checks its own input.
 */
export function parseCommandText(text: string, surface: Surface): ParsedCommand {
  const trimmed = text.trim();
  if (trimmed === '') return help(null);
  const [first = ''] = trimmed.split(/\s/, 1);
  const command = commandForVerb(stripInvisible(first).trim(), surface);
  if (command !== null)
    return parseArgs(command.name as CommandName, trimmed.slice(first.length).trim(), surface);
  if (BARE_COMMAND.surfaces.includes(surface)) {
    const parsed = parseArgs(BARE_COMMAND.name as CommandName, trimmed, surface);
    const near = nearestVerb(stripInvisible(first), verbsOn(surface));
    if (near === null || !('request' in parsed)) return parsed;
    return {
      request: { ...parsed.request, input: { ...parsed.request.input, nearVerb: near } } as CommandRequest,
    };
  }
  const shown = first.length > SHOWN_VERB_MAX ? `${first.slice(0, SHOWN_VERB_MAX)}…` : first;
  // Backticks would end the hint's code spans early; the verb is the user's text.
  return help(
    `"${shown.replaceAll('`', "'")}" is not a command. Start with \`product\`, \`recipe\` or \`compare\`.`,
  );
}

/** A command's text (after its verb, or a platform's option value), read by its definition. */
export function parseArgs(name: CommandName, args: string, surface: Surface): ParsedCommand {
  const parsed = commandNamed(name).parse(args, surface);
  if ('form' in parsed) return { form: parsed.form };
  if ('hint' in parsed) return help(parsed.hint);
  return { request: { command: name, input: parsed.input } as CommandRequest };
}

function help(hint: string | null): ParsedCommand {
  return { request: { command: 'help', input: { hint } } };
}
