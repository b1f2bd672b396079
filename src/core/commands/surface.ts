/**
 * Where a command is typed. Chat surfaces answer in a conversation (with buttons, forms and
 * message actions); terminal surfaces print text. Help and hints are worded for each one.
 */
export const SURFACES = ['slack', 'discord', 'cli', 'shell'] as const;
export type Surface = (typeof SURFACES)[number];

export type SurfaceFamily = 'chat' | 'terminal';

export function familyOf(surface: Surface): SurfaceFamily {
  return surface === 'slack' || surface === 'discord' ? 'chat' : 'terminal';
}

/** What a user types before a command's verb: "/carbon ", "carbon ", or nothing in the shell. */
export function commandPrefix(surface: Surface): string {
  switch (surface) {
    case 'slack':
    case 'discord':
      return '/carbon ';
    case 'cli':
      return 'carbon ';
    case 'shell':
      return '';
  }
}

/**
 * Bot-written hints mention commands as "`/carbon …`" (code spans, chat's spelling); on another
 * surface the mention is respelled as that surface types it ("`carbon …`" on the command line,
 * "`…`" in the shell). Only the bot's own text is passed here, never a user's.
 */
export function respell(text: string, surface: Surface): string {
  if (surface === 'slack' || surface === 'discord') return text;
  return text.replaceAll('`/carbon ', `\`${commandPrefix(surface)}`);
}
