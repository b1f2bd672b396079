import type { CliIo } from './io.js';

/**
 * The program's own verbs: running the bot, not answering a question (those are core's commands,
 * src/core/commands). Loaded on demand: the Slack and Discord SDKs take a few hundred milliseconds
 * to import, which a one-shot `carbon product …` should not pay.
 */
export const PROGRAM_VERBS = [
  {
    name: 'start',
    description: 'Slack and/or Discord as configured; the local shell when neither is',
    run: async (io: CliIo) => (await import('./start.js')).startCommand(io),
  },
  {
    name: 'shell',
    description: 'the local shell: type "product oat milk" and read the answer',
    run: async (io: CliIo) => (await import('./start.js')).shellCommand(io),
  },
  {
    name: 'serve',
    description: 'the self-hosted footprint API (GreenSwapp-compatible)',
    run: async (io: CliIo) => (await import('./serve.js')).serveCommand(io),
  },
  {
    name: 'discord-register',
    description: 'register the /carbon command with Discord',
    run: async (io: CliIo) => (await import('./discord-register.js')).discordRegisterCommand(io),
  },
] as const satisfies readonly { name: string; description: string; run: (io: CliIo) => Promise<number> }[];
