import { afterEach, describe, expect, it } from 'vitest';
import { boltLogger, scrubSecrets } from '../../../src/adapters/slack/bolt-logger.js';
import { createSlackStarter, slackApiBase, startSlack } from '../../../src/adapters/slack/index.js';
import { parseConfig } from '../../../src/config/env.js';
import { BotHttpServer } from '../../../src/server/bot-http.js';
import { FakeSlack } from '../../support/fake-slack.js';
import { answering } from '../../support/services.js';
import { APP_TOKEN, BOT_TOKEN, LogCapture, SIGNING_SECRET } from './harness.js';
import { ScriptedSource } from './scripted-source.js';

const fakes: FakeSlack[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

function context(env: Record<string, string>, logs = new LogCapture()) {
  return {
    config: parseConfig(env),
    logger: logs.logger,
    ...answering(new ScriptedSource(), logs.logger),
    suggester: null,
    http: new BotHttpServer(logs.logger),
  };
}

describe('startSlack', () => {
  it('returns null and adds no route when Slack is not configured', async () => {
    const ctx = context({});
    const routes = ctx.http.routeCount;
    expect(await startSlack(ctx)).toBeNull();
    expect(ctx.http.routeCount).toBe(routes);
  });

  it('returns null with a warning when the bot token has neither a signing secret nor an app token', async () => {
    const logs = new LogCapture();
    expect(await startSlack(context({ SLACK_BOT_TOKEN: BOT_TOKEN }, logs))).toBeNull();
    expect(logs.text).toContain('SLACK_SIGNING_SECRET');
    expect(logs.text).not.toContain(BOT_TOKEN);
  });

  it('fails at start-up with a clear message when Slack rejects the bot token, without echoing it', async () => {
    const fake = await new FakeSlack().start();
    fakes.push(fake);
    fake.onWebApi('auth.test', () => ({ ok: false, error: 'invalid_auth' }));
    const logs = new LogCapture();
    const ctx = context(
      { SLACK_BOT_TOKEN: BOT_TOKEN, SLACK_SIGNING_SECRET: SIGNING_SECRET, SLACK_API_URL: fake.apiUrl },
      logs,
    );
    const error = await createSlackStarter({ retries: 0 })(ctx).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('Slack rejected SLACK_BOT_TOKEN (auth.test: invalid_auth)');
    expect(JSON.stringify(error)).not.toContain(BOT_TOKEN);
    expect(logs.text).not.toContain(BOT_TOKEN);
  });

  it('fails at start-up when Socket Mode cannot open a connection with the app token', async () => {
    const fake = await new FakeSlack().start();
    fakes.push(fake);
    fake.onWebApi('apps.connections.open', () => ({ ok: false, error: 'invalid_auth' }));
    const logs = new LogCapture();
    const ctx = context(
      { SLACK_BOT_TOKEN: BOT_TOKEN, SLACK_APP_TOKEN: APP_TOKEN, SLACK_API_URL: fake.apiUrl },
      logs,
    );
    const error = (await createSlackStarter({ retries: 0 })(ctx).catch((caught: unknown) => caught)) as Error;
    expect(error.message).toBe('Slack rejected SLACK_APP_TOKEN (apps.connections.open: invalid_auth)');
    expect(fake.callsTo('apps.connections.open')[0]?.token).toBe(APP_TOKEN);
    expect(logs.text).not.toContain(APP_TOKEN);
    expect(logs.text).not.toContain(BOT_TOKEN);
  });

  it('gives the Web API base URL the trailing slash the client needs', () => {
    expect(slackApiBase('http://127.0.0.1:1/api')).toBe('http://127.0.0.1:1/api/');
    expect(slackApiBase('https://slack.com/api/')).toBe('https://slack.com/api/');
    expect(slackApiBase(undefined)).toBeUndefined();
  });
});

describe('Bolt logger on pino', () => {
  it('writes Bolt messages through pino with tokens scrubbed', () => {
    const logs = new LogCapture();
    const logger = boltLogger(logs.logger, ['a-configured-secret-value']);
    logger.warn('token', BOT_TOKEN, 'and', APP_TOKEN, 'and a-configured-secret-value');
    logger.error(new Error(`failed with ${BOT_TOKEN}`));
    logger.debug({ headers: { Authorization: `Bearer ${BOT_TOKEN}` } });
    expect(logs.lines).toHaveLength(3);
    expect(logs.text).toContain('"component":"slack"');
    expect(logs.text).toContain('[redacted]');
    for (const secret of [BOT_TOKEN, APP_TOKEN, 'a-configured-secret-value'])
      expect(logs.text).not.toContain(secret);
  });

  it('reports pino’s level to Bolt', () => {
    const logs = new LogCapture();
    expect(boltLogger(logs.logger, []).getLevel()).toBe('debug');
  });

  it('scrubs response_url values and hooks.slack.com URLs, however they are encoded', () => {
    const url = 'https://hooks.slack.com/commands/T0000001/123/AbCdEf';
    const cases = [
      JSON.stringify({ payload: { response_url: url, text: 'oat' } }),
      `{"response_url":"${url.replaceAll('/', '\\/')}","text":"oat"}`,
      JSON.stringify(JSON.stringify({ response_url: 'http://127.0.0.1:1/response/command/abc' })),
      `token=x&response_url=${encodeURIComponent(url)}&text=oat`,
      `posting to ${url} failed`,
      JSON.stringify({ response_urls: [{ block_id: 'b', response_url: url }] }),
    ];
    for (const text of cases) {
      const clean = scrubSecrets(text);
      expect(clean).toContain('[redacted]');
      expect(clean).not.toContain('AbCdEf');
      expect(clean).not.toContain('/response/command/abc');
    }
    expect(scrubSecrets(cases[0]!)).toContain('"text":"oat"');
    // `token` is the legacy verification token: a secret too, so it no longer survives.
    expect(scrubSecrets(cases[3]!)).toBe('token=[redacted]&response_url=[redacted]&text=oat');
  });

  it('scrubs the payload’s legacy verification token in JSON, escaped JSON and form bodies', () => {
    const token = 'VerifTok3nAbC123';
    const envelope = {
      envelope_id: 'e1',
      payload: { token, team_id: 'T1', command: '/carbon', text: 'oat' },
    };
    const cases = [
      JSON.stringify(envelope),
      JSON.stringify(envelope, null, 2),
      // How the Socket Mode client logs a frame: the payload as a JSON string inside a message.
      `Received a message on the WebSocket: ${JSON.stringify(JSON.stringify(envelope))}`,
      JSON.stringify({ body: JSON.stringify(JSON.stringify(envelope)) }),
      `token=${token}&team_id=T1&command=%2Fcarbon&text=oat`,
      `command=%2Fcarbon&token=${token}&text=oat`,
      JSON.stringify({ body: `team_id=T1&token=${token}` }),
    ];
    for (const text of cases) {
      const clean = scrubSecrets(text);
      expect(clean, text).not.toContain(token);
      expect(clean, text).toContain('[redacted]');
      // Only the value goes: the rest of the payload is still there to debug with.
      expect(clean.replace(/\\/g, ''), text).toMatch(/"token": ?"\[redacted\]"|token=\[redacted\]/);
    }
    expect(scrubSecrets(cases[0]!)).toBe(
      '{"envelope_id":"e1","payload":{"token":"[redacted]","team_id":"T1","command":"/carbon","text":"oat"}}',
    );
    expect(scrubSecrets(cases[4]!)).toBe('token=[redacted]&team_id=T1&command=%2Fcarbon&text=oat');
    // Other fields that merely end in "token" are not this secret and are left alone.
    expect(scrubSecrets('{"next_token":"abc","tokens":"def"} page_token=ghi')).toBe(
      '{"next_token":"abc","tokens":"def"} page_token=ghi',
    );
  });

  it('scrubs the verification token from what Bolt logs, through the Bolt logger', () => {
    const logs = new LogCapture();
    const logger = boltLogger(logs.logger, []);
    logger.debug(
      'Received a message on the WebSocket:',
      JSON.stringify({ payload: { token: 'VerifTok3nAbC123', text: 'oat' } }),
    );
    expect(logs.text).toContain('oat');
    expect(logs.text).not.toContain('VerifTok3nAbC123');
  });

  it('scrubs the OAuth authorisation code from oauth.v2.access bodies and redirect URLs', () => {
    const code =
      '4724469134.4644010092847.232b4e6d82c333b475fc30f5f5a341d294feb1a94392c2fd791f7ab7731a443d1a';
    const cases = [
      `http request body: ${JSON.stringify({ code, client_id: '1.2', client_secret: 's' })}`,
      JSON.stringify(JSON.stringify({ code })),
      `GET /slack/oauth_redirect?code=${code}&state=abc`,
      `https://bot.example.org/slack/oauth_redirect?state=abc&code=${code}`,
    ];
    for (const text of cases) {
      const clean = scrubSecrets(text);
      expect(clean, text).not.toContain(code);
      expect(clean, text).toContain('[redacted]');
    }
    expect(scrubSecrets(cases[2]!)).toBe('GET /slack/oauth_redirect?code=[redacted]&state=abc');
    // Other keys ending in "code" stay: they are what debugging needs.
    expect(scrubSecrets('{"error_code":"x","code_verifier_hint":1} zipcode=123')).toBe(
      '{"error_code":"x","code_verifier_hint":1} zipcode=123',
    );
  });

  it('scrubs every kind of Slack token', () => {
    expect(scrubSecrets('xoxb-1-2 xoxp-3 xapp-1-A-2 xoxe.xoxp-1 plain')).toBe(
      '[redacted] [redacted] [redacted] xoxe.[redacted] plain',
    );
  });
});
