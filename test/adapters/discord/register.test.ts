import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARBON_COMMAND,
  COMMAND_DEFINITIONS,
  GUILD_COMMAND_DEFINITIONS,
} from '../../../src/adapters/discord/commands.js';
import { registerCommands } from '../../../src/adapters/discord/register.js';
import { ConfigError, parseConfig } from '../../../src/config/env.js';
import { silentLogger } from '../../../src/logging/logger.js';
import {
  FAKE_APPLICATION_ID,
  FAKE_BOT_TOKEN,
  type FakeDiscord,
  startFakeDiscord,
} from '../../support/fake-discord.js';

describe('registerCommands', () => {
  let fake: FakeDiscord;
  beforeAll(async () => {
    fake = await startFakeDiscord();
  });
  afterAll(() => fake.stop());

  const config = (extra: Record<string, string> = {}) =>
    parseConfig({
      DISCORD_TOKEN: FAKE_BOT_TOKEN,
      DISCORD_APPLICATION_ID: FAKE_APPLICATION_ID,
      DISCORD_API_URL: fake.apiUrl,
      ...extra,
    });

  it('bulk-overwrites the global commands with the definition, idempotently', async () => {
    const first = await registerCommands(config(), silentLogger());
    const second = await registerCommands(config(), silentLogger());
    expect(first).toEqual({ scope: 'global', count: COMMAND_DEFINITIONS.length });
    expect(second).toEqual(first);
    const [a, b] = fake.registrations.slice(-2);
    expect(a).toEqual({
      applicationId: FAKE_APPLICATION_ID,
      guildId: null,
      authorization: `Bot ${FAKE_BOT_TOKEN}`,
      body: JSON.parse(JSON.stringify(COMMAND_DEFINITIONS)),
    });
    expect(b).toEqual(a);
    expect(fake.requests.filter((each) => each.method === 'PUT')).toHaveLength(2);
  });

  it('registers in one guild when DISCORD_GUILD_ID is set, without the global-only contexts', async () => {
    const result = await registerCommands(config({ DISCORD_GUILD_ID: '123456789012345678' }), silentLogger());
    expect(result).toEqual({ scope: 'guild', count: COMMAND_DEFINITIONS.length });
    expect(fake.registrations.at(-1)).toMatchObject({
      applicationId: FAKE_APPLICATION_ID,
      guildId: '123456789012345678',
      body: JSON.parse(JSON.stringify(GUILD_COMMAND_DEFINITIONS)),
    });
    for (const command of fake.registrations.at(-1)!.body as Record<string, unknown>[]) {
      expect(command).not.toHaveProperty('integration_types');
      expect(command).not.toHaveProperty('contexts');
    }
  });

  it('offers every command to server installs and user installs, in servers, the bot’s DMs and other DMs', () => {
    // Discord's enums: GUILD_INSTALL 0, USER_INSTALL 1; GUILD 0, BOT_DM 1, PRIVATE_CHANNEL 2.
    for (const command of COMMAND_DEFINITIONS) {
      expect(command.integration_types).toEqual([0, 1]);
      expect(command.contexts).toEqual([0, 1, 2]);
    }
    expect(COMMAND_DEFINITIONS.map((command) => command.name)).toEqual(['carbon', 'Rate this menu']);
  });

  it('accepts a versioned DISCORD_API_URL too', async () => {
    const result = await registerCommands(config({ DISCORD_API_URL: `${fake.apiUrl}/v10` }), silentLogger());
    expect(result.scope).toBe('global');
    expect(fake.requests.at(-1)?.path).toBe(`/applications/${FAKE_APPLICATION_ID}/commands`);
  });

  it('names the missing variables and makes no request', async () => {
    const before = fake.requests.length;
    const missing = parseConfig({ DISCORD_API_URL: fake.apiUrl });
    const error = await registerCommands(missing, silentLogger()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('DISCORD_APPLICATION_ID');
    expect((error as Error).message).toContain('DISCORD_TOKEN');
    expect(fake.requests.length).toBe(before);
  });

  it('explains a refused token without revealing it', async () => {
    const wrong = config({ DISCORD_TOKEN: 'wrong-secret-token' });
    const error = (await registerCommands(wrong, silentLogger()).catch((caught: unknown) => caught)) as Error;
    expect(error.message).toContain('Discord refused the registration (HTTP 401)');
    expect(error.message).not.toContain('wrong-secret-token');
    expect(String(error.cause)).not.toContain('wrong-secret-token');
  });
});

describe('the command definition', () => {
  it('has product with a required name of at most 200 characters, recipe with an optional one for lists, and help', () => {
    const command = CARBON_COMMAND;
    expect(command.name).toBe('carbon');
    expect(command.options.map((option) => option.name)).toEqual([
      'product',
      'recipe',
      'compare',
      'sources',
      'help',
    ]);
    const [product, recipe] = command.options;
    expect(product?.options?.[0]).toMatchObject({
      name: 'name',
      type: 3,
      required: true,
      autocomplete: true,
      max_length: 200,
    });
    // Optional: without it the recipe form opens; long enough for an ingredient list.
    expect(recipe?.options?.[0]).toMatchObject({
      name: 'name',
      type: 3,
      required: false,
      autocomplete: true,
      max_length: 4000,
    });
  });
  it('has compare with one required options text, not autocompleted, within Discord’s 6,000', () => {
    const compare = CARBON_COMMAND.options.find((option) => option.name === 'compare');
    expect(compare?.options).toEqual([
      expect.objectContaining({ name: 'options', type: 3, required: true, max_length: 2000 }),
    ]);
    expect(JSON.stringify(compare)).not.toContain('autocomplete');
  });

  it('has the "Rate this menu" message command (type 3): a name of at most 32 characters, no description or options', () => {
    const menu = COMMAND_DEFINITIONS.find((command) => command.type === 3);
    expect(menu).toMatchObject({ type: 3, name: 'Rate this menu' });
    expect(menu).not.toHaveProperty('description');
    expect(menu!.name.length).toBeLessThanOrEqual(32);
    expect(menu).not.toHaveProperty('options');
  });

  it('stays within Discord’s naming and length rules', () => {
    const check = (item: { name: string; description: string; options?: readonly unknown[] }) => {
      expect(item.name).toMatch(/^[-_\p{Ll}\p{N}]{1,32}$/u);
      expect(item.description.length).toBeGreaterThan(0);
      expect(item.description.length).toBeLessThanOrEqual(100);
      for (const option of item.options ?? []) check(option as typeof item);
    };
    for (const command of COMMAND_DEFINITIONS) if (command.type === 1) check(command);
    expect(JSON.stringify(COMMAND_DEFINITIONS).length).toBeLessThan(8000);
  });
});
