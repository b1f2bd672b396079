import { REGISTRATIONS } from '../config/registry.js';
import { helpView } from '../core/help.js';
import { renderText } from '../render/text.js';

/** `carbon --help`: the chat commands as the CLI spells them, then what only the CLI does. */
export function usageText(): string {
  const lookups = renderText({ type: 'help', help: helpView() }, { command: 'carbon' });
  return `${lookups}

Comparing:
  carbon compare "<a>, <b>, <c>"  2 to 10 dishes or products (also "a vs b"; end with "for 12 people")

Running the bot:
  carbon start             Slack and/or Discord as configured; the local shell when neither is
  carbon shell             the local shell: type "product oat milk" and read the answer
  carbon serve             the self-hosted footprint API (GreenSwapp-compatible)
  carbon discord-register  register the /carbon command with Discord

Options:
  --json         print the result (or the error) as JSON
  -h, --help     this message
  -v, --version  the version

Exit codes: 0 found, 2 not found or a usage error, 1 anything else (configuration, upstream).

Configuration comes from the environment and .env; see README.md and .env.example.
${REGISTRATIONS.map((registration) => wrap(registration.help, '  ')).join('\n')}`;
}

/** Wraps at 100 columns, as the rest of the usage is laid out. */
function wrap(text: string, indent: string, width = 100): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && indent.length + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  lines.push(line);
  return lines.map((text) => `${indent}${text}`).join('\n');
}
