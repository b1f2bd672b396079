/**
 * The Slack app in HTTP mode under load: signed `/carbon` slash commands at 50 connections against
 * the bot (Bolt on the shared server, signature check, lookup in the built-in catalog, Block Kit card
 * in the ack) and, in the same run, against a bare Bolt app on the same kind of server whose handler
 * only acknowledges. The ratio says what the bot's own work costs on top of Bolt's. Load comes from an
 * autocannon worker thread. BENCH_DURATION_S (seconds per target per round, default 8),
 * BENCH_ROUNDS (default 1) and BENCH_CONNECTIONS (default 50) shorten or widen a run.
 */
import { loadavg } from 'node:os';
import { App, type Logger as BoltLogger, HTTPReceiver, LogLevel } from '@slack/bolt';
import { createSlackStarter, SLACK_EVENTS_PATH } from '../src/adapters/slack/index.js';
import { parseConfig } from '../src/config/env.js';
import { silentLogger } from '../src/logging/logger.js';
import { BotHttpServer } from '../src/server/bot-http.js';
import { createCatalogSource, loadCatalog } from '../src/sources/catalog/index.js';
import { FakeSlack } from '../test/support/fake-slack.js';
import { slashCommandForm } from '../test/support/fake-slack-payloads.js';
import { signSlackRequest } from '../test/support/fake-slack-protocol.js';
import { answering } from '../test/support/services.js';
import { compare, fmt, rows, settings } from './lib.js';

const SETTINGS = settings({ durationS: 8, rounds: 1 });
const SECRET = 'bench-signing-secret-not-secret';
const TOKEN = 'xoxb-bench-not-a-token';

const quietBolt: BoltLogger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  setLevel: () => {},
  getLevel: () => LogLevel.ERROR,
  setName: () => {},
};

/** Everyday names from the catalog's own autocomplete, a few typos and misses, as people type them. */
function commandTexts(): string[] {
  const catalog = loadCatalog();
  const texts: string[] = [];
  for (const letter of 'abcdefghijklmnoprstvw') {
    for (const name of catalog.suggest('product', letter, 12)) texts.push(`product ${name.toLowerCase()}`);
    for (const name of catalog.suggest('recipe', letter, 4)) texts.push(`recipe ${name.toLowerCase()}`);
  }
  texts.push('product oat mlk', 'product chedar', 'recipe lasagna', 'product zzqx', 'help', '');
  return texts;
}

/** Pre-signed requests: signing happens before the run so the load generator measures the server only. */
function signedRequests(texts: readonly string[], responseUrl: string): Record<string, unknown>[] {
  const timestamp = Math.floor(Date.now() / 1000);
  return texts.map((text) => {
    const body = slashCommandForm(text, responseUrl);
    return {
      method: 'POST',
      path: SLACK_EVENTS_PATH,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': String(timestamp),
        'x-slack-signature': signSlackRequest(SECRET, timestamp, body),
      },
      body,
    };
  });
}

/** The baseline: Bolt's receiver on the same kind of server, acknowledging with an empty body. */
async function startBareBolt(): Promise<{ http: BotHttpServer; port: number }> {
  const receiver = new HTTPReceiver({
    signingSecret: SECRET,
    endpoints: SLACK_EVENTS_PATH,
    logger: quietBolt,
  });
  const app = new App({
    token: TOKEN,
    receiver,
    logger: quietBolt,
    tokenVerificationEnabled: false,
    botId: 'BBENCH',
    botUserId: 'UBENCH',
  });
  app.command('/carbon', async ({ ack }) => {
    await ack();
  });
  const http = new BotHttpServer(silentLogger());
  http.route('POST', SLACK_EVENTS_PATH, receiver.requestListener);
  return { http, port: (await http.listen(0, '127.0.0.1')).port };
}

export async function run(): Promise<string> {
  const fake = await new FakeSlack().start();
  const config = parseConfig({
    SLACK_BOT_TOKEN: TOKEN,
    SLACK_SIGNING_SECRET: SECRET,
    SLACK_API_URL: fake.apiUrl,
  });
  const botHttp = new BotHttpServer(silentLogger());
  const bot = await createSlackStarter()({
    config,
    logger: silentLogger(),
    ...answering(createCatalogSource(loadCatalog())),
    suggester: null,
    http: botHttp,
  });
  if (bot === null) throw new Error('the Slack adapter did not start');
  const botPort = (await botHttp.listen(0, '127.0.0.1')).port;
  const bare = await startBareBolt();
  const texts = commandTexts();
  const requests = signedRequests(texts, fake.responseUrl());

  try {
    // One pass first: every command must be answered in the ack with a card, or the figures lie.
    let cards = 0;
    let deferred = 0;
    for (const request of requests) {
      const response = await fetch(`http://127.0.0.1:${botPort}${SLACK_EVENTS_PATH}`, {
        method: 'POST',
        headers: request.headers as Record<string, string>,
        body: request.body as string,
      });
      const json = (await response.json()) as { blocks?: unknown[]; text?: string };
      if (response.status !== 200) throw new Error(`bot answered ${response.status}`);
      if (json.text?.startsWith('Looking up')) deferred++;
      else if (Array.isArray(json.blocks) && json.blocks.length > 0) cards++;
    }

    const targets = [
      { label: 'bare Bolt app (ack only)', port: bare.port },
      { label: 'carbon Slack app (catalog lookup + card in the ack)', port: botPort },
    ];
    const summaries = await compare(targets, requests, SETTINGS);
    const [one] = loadavg();
    return [
      '## Slack app (HTTP mode)',
      '',
      `${texts.length} distinct signed \`/carbon\` slash commands (products, recipes, typos, misses, help) POSTed to \`${SLACK_EVENTS_PATH}\`, ${SETTINGS.connections} connections, autocannon in a worker thread; ${SETTINGS.rounds} round(s) of ${SETTINGS.durationS} s per target, medians shown. Source: the built-in catalog. Before the run, ${cards} of ${requests.length} commands were answered with a card in the ack and ${deferred} deferred to response_url. Both targets verify the v0 signature through Bolt's HTTPReceiver on the bot's shared HTTP server. Load average at the end: ${fmt(one ?? 0, 1)}.`,
      '',
      '| target | acks/s | ack p50 ms | ack p99 ms | ratio vs bare | 200s | errors |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows(targets, summaries),
      '',
      `Throughput ratio of the carbon Slack app to a bare Bolt app: **${fmt(summaries[1]!.rps / summaries[0]!.rps, 2)}**. Slack's deadline is 3 000 ms per ack.`,
      '',
    ].join('\n');
  } finally {
    await bot.stop();
    await botHttp.close();
    await bare.http.close();
    await fake.close();
  }
}
