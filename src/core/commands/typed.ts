import type { Surface } from './surface.js';

/**
 * How a user types a command on a surface, for usage lines and examples: `/carbon product oat milk`
 * in Slack, `/carbon product name:oat milk` in Discord (options are named there), `carbon product
 * oat milk` on the command line and `product oat milk` in the shell. `verb` is null for a bare name.
 */
export function typed(surface: Surface, verb: string | null, optionName: string | null, args: string | null) {
  const words: string[] = [];
  if (surface === 'slack' || surface === 'discord') words.push('/carbon');
  else if (surface === 'cli') words.push('carbon');
  if (verb !== null) words.push(verb);
  if (args !== null && args !== '') {
    words.push(surface === 'discord' && optionName !== null ? `${optionName}:${args}` : args);
  }
  return words.join(' ');
}
