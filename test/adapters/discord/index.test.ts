import { describe, expect, it } from 'vitest';
import { startDiscord } from '../../../src/adapters/discord/index.js';
import { parseConfig } from '../../../src/config/env.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { BotHttpServer } from '../../../src/server/bot-http.js';
import { createCatalogSource, loadCatalog } from '../../../src/sources/catalog/index.js';
import { FAKE_BOT_TOKEN, startFakeDiscord } from '../../support/fake-discord.js';
import { pingPayload } from '../../support/fake-discord-payloads.js';
import { answering } from '../../support/services.js';
import { createSigner } from './harness.js';

function context(env: Record<string, string>, http = new BotHttpServer(silentLogger())) {
  const catalog = loadCatalog();
  return {
    config: parseConfig(env),
    logger: silentLogger(),
    ...answering(createCatalogSource(catalog)),
    suggester: catalog,
    http,
  };
}

describe('startDiscord', () => {
  it('returns null and adds no route when neither a token nor a public key is set', async () => {
    const http = new BotHttpServer(silentLogger());
    const routes = http.routeCount;
    expect(await startDiscord(context({}, http))).toBeNull();
    expect(http.routeCount).toBe(routes);
  });

  it('starts both transports when both are configured, and stops cleanly', async () => {
    const fake = await startFakeDiscord();
    const http = new BotHttpServer(silentLogger());
    const adapter = await startDiscord(
      context(
        {
          DISCORD_TOKEN: FAKE_BOT_TOKEN,
          DISCORD_PUBLIC_KEY: createSigner().publicKeyHex,
          DISCORD_API_URL: fake.apiUrl,
        },
        http,
      ),
    );
    try {
      expect(adapter?.name).toBe('discord');
      expect(adapter?.description).toBe('Discord (HTTP interactions at /discord/interactions + gateway)');
      expect(fake.connections[0]?.identify?.intents).toBe(0);
    } finally {
      await adapter?.stop();
      await fake.stop();
    }
  });

  it('answers 503 on the interactions route once stopped (routes cannot be removed)', async () => {
    const http = new BotHttpServer(silentLogger());
    const signer = createSigner();
    const adapter = await startDiscord(context({ DISCORD_PUBLIC_KEY: signer.publicKeyHex }, http));
    const { port } = await http.listen(0, '127.0.0.1');
    try {
      const body = JSON.stringify(pingPayload());
      const post = () =>
        fetch(`http://127.0.0.1:${port}/discord/interactions`, {
          method: 'POST',
          headers: { 'x-signature-ed25519': signer.sign('1', body), 'x-signature-timestamp': '1' },
          body,
        });
      expect((await post()).status).toBe(200);
      await adapter?.stop();
      expect((await post()).status).toBe(503);
    } finally {
      await http.close();
    }
  });

  it('fails to start with a refused token, without the token in the error', async () => {
    const fake = await startFakeDiscord();
    try {
      const error = (await startDiscord(
        context({ DISCORD_TOKEN: 'not-the-right-token', DISCORD_API_URL: fake.apiUrl }),
      ).catch((caught: unknown) => caught)) as Error;
      expect(error).toBeInstanceOf(Error);
      expect(error.message).not.toContain('not-the-right-token');
    } finally {
      await fake.stop();
    }
  });
});
