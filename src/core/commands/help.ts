import type { HelpView } from '../help.js';
import type { AnyCommand } from './define.js';
import { familyOf, type Surface } from './surface.js';
import { typed } from './typed.js';

/**
 * Help for one surface, from the command definitions: a line per usage the surface offers, in the
 * way it is typed there, and examples it renders. Chat sees message actions and forms; terminals do
 * not, and never see `/carbon`.
 */
export function buildHelp(
  commands: readonly AnyCommand[],
  bare: AnyCommand | null,
  surface: Surface,
  hint: string | null,
): HelpView {
  const family = familyOf(surface);
  const usage: HelpView['usage'] = [];
  const examples: string[] = [];
  for (const command of commands) {
    const asVerb = command.surfaces.includes(surface);
    const asAction = !asVerb && family === 'chat' && command.messageAction !== null;
    if (!asVerb && !asAction) continue;
    const verb = command === bare ? null : command.name;
    for (const line of command.usage) {
      if (line.only !== undefined && line.only !== family) continue;
      const label = asAction
        ? command.messageAction!.name
        : typed(surface, verb, command.option?.name ?? null, line.args);
      usage.push({ command: label, description: line.description });
    }
    if (asVerb && command !== bare && command.option !== null && command.examples[0] !== undefined) {
      examples.push(`\`${typed(surface, verb, command.option.name, command.examples[0])}\``);
    }
  }
  return { hint, usage, footer: `Examples: ${examples.slice(0, 3).join(', ')}` };
}
