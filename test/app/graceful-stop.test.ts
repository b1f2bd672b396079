import { afterEach, describe, expect, it } from 'vitest';
import { startCli } from '../cli/run-cli.js';
import { makeEmbeddedDataDir } from '../support/databases.js';
import { FAKE_BOT_TOKEN, type FakeDiscord, startFakeDiscord } from '../support/fake-discord.js';
import { commandPayload } from '../support/fake-discord-payloads.js';
import { type FakeGreenSwapp, startFakeGreenSwapp } from '../support/fake-greenswapp.js';
import { FakeSlack } from '../support/fake-slack.js';
import { slashCommandForm } from '../support/fake-slack-payloads.js';

const SIGNING_SECRET = 'signing-secret-0123456789abcdef';
const RESTARTING = 'The bot is restarting, so this was not finished.';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/**
 * `carbon start` as deployed, with Slack (HTTP) and Discord (gateway) against the fakes and an API
 * source whose upstream never answers: SIGTERM must tell both waiting users and exit 0.
 */
describe('carbon start on SIGTERM with lookups in flight', () => {
  it('tells the Slack and the Discord user the bot is restarting, then exits 0', async () => {
    const slack = await new FakeSlack().start();
    const discord: FakeDiscord = await startFakeDiscord();
    const greenswapp: FakeGreenSwapp = await startFakeGreenSwapp();
    cleanups.push(
      () => slack.close(),
      () => discord.stop(),
      () => greenswapp.close(),
    );
    // The upstream holds every request: the lookups stay in flight until the stop aborts them.
    let release = () => {};
    const held = new Promise<undefined>((resolve) => {
      release = () => resolve(undefined);
    });
    greenswapp.respondWith(() => held);
    cleanups.unshift(async () => release());
    const cli = startCli(['start'], {
      env: {
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        SLACK_BOT_TOKEN: 'xoxb-1111-2222-secretbottoken',
        SLACK_SIGNING_SECRET: SIGNING_SECRET,
        SLACK_API_URL: slack.apiUrl,
        DISCORD_TOKEN: FAKE_BOT_TOKEN,
        DISCORD_API_URL: discord.apiUrl,
        CARBON_SOURCE: 'api',
        CARBON_API_KEY: 'test-key',
        CARBON_API_BASE_URL: greenswapp.url,
        CARBON_API_TRIAL_URL: greenswapp.url,
        CARBON_API_TIMEOUT_MS: '60000',
        CARBON_DATA_DIR: await makeEmbeddedDataDir(),
      },
    });
    const [, port] = await cli.waitFor(/"port":(\d+)/);

    // Both platforms at once: each is acknowledged without its answer after the 2 s budget.
    const responseUrl = slack.responseUrl();
    const payload = commandPayload('product', 'oat milk');
    discord.dispatch('INTERACTION_CREATE', payload);
    const [ack, callback] = await Promise.all([
      slack.send(
        `http://127.0.0.1:${port}/slack/events`,
        slashCommandForm('product oat milk', responseUrl),
        SIGNING_SECRET,
      ),
      discord.waitForCallback(payload.id),
    ]);
    expect(ack.json?.text).toBe('Looking up the product “oat milk”…');
    expect(callback.body.type).toBe(5);

    const run = await cli.stop('SIGTERM');
    expect(run.code).toBe(0);
    const slackNotices = slack.responsesTo(responseUrl);
    expect(slackNotices).toHaveLength(1);
    expect(JSON.stringify(slackNotices[0]!.body)).toContain(RESTARTING);
    const discordNotices = discord.webhookAttempts(payload.token);
    expect(discordNotices).toHaveLength(1);
    expect(JSON.stringify(discordNotices[0]!.body)).toContain(RESTARTING);
  }, 60_000); // a real `carbon start`: process start and the embedded database first, on a shared machine
});
