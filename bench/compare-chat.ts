/**
 * A 10-item `/carbon compare` answered through the chat adapters from the built-in catalog, against a
 * single `/carbon recipe` through the same path, interleaved in the same run: Slack over HTTP (signed
 * request, Bolt, the pipeline, Block Kit in the ack) and Discord's interaction handler in process
 * (the pipeline, the embed in the type 4 response). Reported as medians and p99, as a ratio to the
 * single lookup, and as a share of the 3 s both platforms allow before the first response.
 * BENCH_COMPARE_CHAT_ROUNDS (default 100) shortens or widens a run.
 */
import { performance } from 'node:perf_hooks';
import { createInteractionHandler } from '../src/adapters/discord/handler.js';
import { createSlackStarter } from '../src/adapters/slack/index.js';
import { parseConfig } from '../src/config/env.js';
import { silentLogger } from '../src/logging/logger.js';
import { BotHttpServer } from '../src/server/bot-http.js';
import { createCatalogSource, loadCatalog } from '../src/sources/catalog/index.js';
import { commandPayload, compareCommandPayload } from '../test/support/fake-discord-payloads.js';
import { FakeSlack } from '../test/support/fake-slack.js';
import { slashCommandForm } from '../test/support/fake-slack-payloads.js';
import { signSlackRequest } from '../test/support/fake-slack-protocol.js';
import { answering } from '../test/support/services.js';
import { fmt, median, percentile } from './lib.js';

const ROUNDS = Number(process.env.BENCH_COMPARE_CHAT_ROUNDS ?? 100);
const SECRET = 'bench-signing-secret-not-secret';
const TEN =
  'lasagne, dal, chicken curry, beef burger, veggie burger, fish and chips, falafel wrap, mushroom risotto, pad thai, tomato soup';
const DEADLINE_MS = 3_000;

function line(label: string, values: number[], baseline: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `| ${label} | ${fmt(median(values), 2)} | ${fmt(percentile(sorted, 99), 2)} | ${fmt(median(values) / median(baseline), 1)} | ${fmt((percentile(sorted, 99) / DEADLINE_MS) * 100, 2)}% |`;
}

export async function run(): Promise<string> {
  const logger = silentLogger();
  const catalog = loadCatalog();
  const source = createCatalogSource(catalog);
  const fake = await new FakeSlack().start();
  const http = new BotHttpServer(logger);
  const config = parseConfig({
    SLACK_BOT_TOKEN: 'xoxb-bench-not-a-token',
    SLACK_SIGNING_SECRET: SECRET,
    SLACK_API_URL: fake.apiUrl,
  });
  const slack = await createSlackStarter({ retries: 0 })({
    config,
    logger,
    ...answering(source, logger),
    suggester: null,
    http,
  });
  const { port } = await http.listen(0, '127.0.0.1');
  const discord = createInteractionHandler({ ...answering(source, logger), suggester: catalog, logger });
  const url = `http://127.0.0.1:${port}/slack/events`;

  const slackCommand = async (text: string): Promise<{ ms: number; inAck: boolean }> => {
    const body = slashCommandForm(text, fake.responseUrl());
    const timestamp = Math.floor(Date.now() / 1000);
    const start = performance.now();
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': String(timestamp),
        'x-slack-signature': signSlackRequest(SECRET, timestamp, body),
      },
      body,
    });
    const json = (await response.json()) as { blocks?: unknown };
    return { ms: performance.now() - start, inAck: json.blocks !== undefined };
  };
  const discordCommand = async (payload: unknown): Promise<{ ms: number; inResponse: boolean }> => {
    const start = performance.now();
    const outcome = await discord(payload);
    return { ms: performance.now() - start, inResponse: outcome?.response.type === 4 };
  };

  const slackSingle: number[] = [];
  const slackTen: number[] = [];
  const discordSingle: number[] = [];
  const discordTen: number[] = [];
  let deferred = 0;
  // One of each first: data files are read on first use, which is start-up, not the steady state.
  await slackCommand(`compare ${TEN}`);
  await discordCommand(compareCommandPayload(TEN));
  for (let round = 0; round < ROUNDS; round++) {
    const a = await slackCommand('recipe lasagne');
    const b = await slackCommand(`compare ${TEN}`);
    const c = await discordCommand(commandPayload('recipe', 'lasagne'));
    const d = await discordCommand(compareCommandPayload(TEN));
    slackSingle.push(a.ms);
    slackTen.push(b.ms);
    discordSingle.push(c.ms);
    discordTen.push(d.ms);
    deferred += [a.inAck, b.inAck, c.inResponse, d.inResponse].filter((answered) => !answered).length;
  }
  await slack?.stop();
  await http.close();
  await fake.close();

  return `## compare in chat (built-in catalog)

${ROUNDS} interleaved rounds: \`/carbon recipe lasagne\` (the baseline) and a 10-item \`/carbon compare\`, through Slack over HTTP on 127.0.0.1 (signature, Bolt, pipeline, Block Kit in the ack) and through Discord's interaction handler in process (pipeline, embed in the type 4 response). ${deferred} of ${ROUNDS * 4} answers were deferred instead of given in the first response.

| request | median ms | p99 ms | ratio to the single lookup on the same platform (median) | p99 as a share of the 3 s deadline |
| --- | ---: | ---: | ---: | ---: |
${line('Slack: single recipe lookup', slackSingle, slackSingle)}
${line('Slack: 10-item comparison', slackTen, slackSingle)}
${line('Discord: single recipe lookup', discordSingle, discordSingle)}
${line('Discord: 10-item comparison', discordTen, discordSingle)}
`;
}
