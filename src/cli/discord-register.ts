import { registerCommands } from '../adapters/discord/register.js';
import { EXIT_OK } from './exit-codes.js';
import type { CliIo } from './io.js';
import { writeLine } from './output.js';
import { loadRuntime } from './runtime.js';

/** `carbon discord-register` (`npm run discord:register`): publishes the /carbon slash command. */
export async function discordRegisterCommand(io: CliIo): Promise<number> {
  const { config, logger } = loadRuntime(io, 'info');
  const { scope, count } = await registerCommands(config, logger);
  const where = scope === 'guild' ? `in server ${config.DISCORD_GUILD_ID} (available now)` : 'globally';
  writeLine(io.stdout, `Registered ${count} Discord command${count === 1 ? '' : 's'} ${where}.`);
  return EXIT_OK;
}
