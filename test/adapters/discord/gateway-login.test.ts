import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/run-cli.js';
import { type FakeDiscord, startFakeDiscord } from '../../support/fake-discord.js';
import { listenLocal } from '../../support/local-server.js';

/**
 * `carbon start` in gateway mode when the login fails: exit 1 with a line naming DISCORD_TOKEN and
 * whether Discord refused it or could not be reached, never the token itself.
 */

const WRONG_TOKEN = 'MTIz.wrong-token.SECRET-do-not-print';

describe('carbon start: the Discord gateway login fails', () => {
  let fake: FakeDiscord;
  beforeAll(async () => {
    fake = await startFakeDiscord();
  });
  afterAll(async () => {
    await fake.stop();
  });

  it('says Discord refused DISCORD_TOKEN when the token is wrong', async () => {
    const run = await runCli(['start'], {
      env: { DISCORD_TOKEN: WRONG_TOKEN, DISCORD_API_URL: fake.apiUrl },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Discord refused DISCORD_TOKEN');
    expect(run.stderr).not.toContain(WRONG_TOKEN);
    expect(run.stderr).not.toContain('SECRET');
  });

  it('says Discord could not be reached when its API answers nothing', async () => {
    // A port that accepts and closes every connection: the login's first request fails.
    const server = createServer((req) => req.socket.destroy());
    const port = await listenLocal(server);
    try {
      const run = await runCli(['start'], {
        env: { DISCORD_TOKEN: WRONG_TOKEN, DISCORD_API_URL: `http://127.0.0.1:${port}` },
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('Discord: could not connect to log in with DISCORD_TOKEN');
      expect(run.stderr).not.toContain(WRONG_TOKEN);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
