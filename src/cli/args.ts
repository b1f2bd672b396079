/** What the command line asked for, before any configuration is read. */
export interface CliArgs {
  /** The first word, lower-cased; null when there is none. */
  verb: string | null;
  /** Everything after the verb that is not an option: the product or recipe name. */
  words: string[];
  json: boolean;
  help: boolean;
  version: boolean;
}

/** A command line that cannot mean anything; exit code 2. */
export class UsageError extends Error {
  static readonly code = 'usage';
  readonly code = UsageError.code;
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * Options may stand anywhere, so `carbon product oat milk --json` works. `--` ends options, for
 * the rare name that starts with a dash.
 */
export function parseArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = { verb: null, words: [], json: false, help: false, version: false };
  let optionsEnded = false;
  const positional: string[] = [];
  for (const arg of argv) {
    if (!optionsEnded && arg === '--') {
      optionsEnded = true;
    } else if (!optionsEnded && arg.length > 1 && arg.startsWith('-')) {
      switch (arg) {
        case '--json':
          args.json = true;
          break;
        case '--help':
        case '-h':
          args.help = true;
          break;
        case '--version':
        case '-v':
        case '-V':
          args.version = true;
          break;
        default:
          throw new UsageError(
            `unknown option ${shorten(arg)} (use -- before a name that starts with a dash)`,
          );
      }
    } else {
      positional.push(arg);
    }
  }
  const [verb, ...words] = positional;
  args.verb = verb === undefined ? null : verb.toLowerCase();
  args.words = words;
  return args;
}

/**
 * Whether `--json` stands among the options, even on a command line parseArgs refuses, so that a
 * usage error is still answered in the format that was asked for.
 */
export function asksForJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).includes('--json');
}

function shorten(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const safe = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return safe.length > 40 ? `${safe.slice(0, 40)}…` : safe;
}
