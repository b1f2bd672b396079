import { REGISTRATIONS } from '../config/registry.js';
import { helpView } from '../core/commands/registry.js';
import { renderText } from '../render/text.js';
import { PROGRAM_VERBS } from './verbs.js';

/** `carbon --help`: the commands as the command line types them (from core's registry), then the program's own verbs. */
export function usageText(): string {
  const commands = renderText({ type: 'help', help: helpView('cli') });
  const width = Math.max(...PROGRAM_VERBS.map((verb) => `carbon ${verb.name}`.length));
  return `${commands}

Running the bot:
${PROGRAM_VERBS.map((verb) => `  ${`carbon ${verb.name}`.padEnd(width)}  ${verb.description}`).join('\n')}

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
