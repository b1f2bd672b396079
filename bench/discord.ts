/**
 * The Discord app. Two measurements:
 *
 * 1. Autocomplete latency through the real interaction handler, in process: every distinct prefix
 *    of length 1–4 of every catalog name (product names, display names and aliases; recipe names
 *    and aliases), as the payload Discord sends while the user types. Discord gives 3 s.
 * 2. Signed HTTP interactions at 50 connections against the bot's POST /discord/interactions
 *    (Ed25519 check, parsing, lookup or autocomplete, JSON response) and, in the same run, against a
 *    bare node:http server that reads the same bodies and answers PONG without checking anything.
 *    The ratio says what the bot's own work costs. Load comes from an autocannon worker thread.
 *
 * BENCH_DURATION_S (seconds per target per round, default 8), BENCH_ROUNDS (default 1) and
 * BENCH_CONNECTIONS (default 50) shorten or widen a run.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createInteractionHandler } from '../src/adapters/discord/handler.js';
import { INTERACTIONS_PATH } from '../src/adapters/discord/http.js';
import { startDiscordWith } from '../src/adapters/discord/index.js';
import { createSignatureVerifier, type SignatureVerifier } from '../src/adapters/discord/signature.js';
import { parseConfig } from '../src/config/env.js';
import { silentLogger } from '../src/logging/logger.js';
import { BotHttpServer } from '../src/server/bot-http.js';
import { createCatalogSource, loadCatalog } from '../src/sources/catalog/index.js';
import { startFakeDiscord } from '../test/support/fake-discord.js';
import { autocompletePayload, commandPayload, pingPayload } from '../test/support/fake-discord-payloads.js';
import { answering } from '../test/support/services.js';
import { catalogFiles, compare, fmt, percentile, rows, settings, startBare } from './lib.js';

const SETTINGS = settings({ durationS: 8, rounds: 1 });

/** Every distinct lower-cased prefix of length 1–4 of every name a user might type, per kind. */
function prefixes(): { kind: 'product' | 'recipe'; prefix: string }[] {
  const { products, recipes } = catalogFiles();
  const collect = (names: string[]) => {
    const set = new Set<string>();
    for (const name of names) {
      const lower = name.toLowerCase();
      for (let length = 1; length <= 4 && length <= lower.length; length++) set.add(lower.slice(0, length));
    }
    return [...set];
  };
  const productNames = products.products.flatMap((each) => [each.name, each.display, ...each.aliases]);
  const recipeNames = recipes.recipes.flatMap((each) => [each.name, ...each.aliases]);
  return [
    ...collect(productNames).map((prefix) => ({ kind: 'product' as const, prefix })),
    ...collect(recipeNames).map((prefix) => ({ kind: 'recipe' as const, prefix })),
  ];
}

async function autocompleteSection(): Promise<string> {
  const catalog = loadCatalog();
  const handler = createInteractionHandler({
    ...answering(createCatalogSource(catalog)),
    suggester: catalog,
    logger: silentLogger(),
  });
  const all = prefixes();
  const payloads = all.map(({ kind, prefix }) => autocompletePayload(kind, prefix));
  // Warm-up pass: JIT and the suggester's lazy structures, so the figures describe steady state.
  for (const payload of payloads.slice(0, 500)) await handler(payload);
  const times: number[] = [];
  let empty = 0;
  let maxChoices = 0;
  for (const payload of payloads) {
    const started = performance.now();
    const outcome = await handler(payload);
    times.push(performance.now() - started);
    const response = outcome?.response as { data?: { choices?: unknown[] } } | undefined;
    const choices = response?.data?.choices ?? [];
    if (choices.length === 0) empty++;
    maxChoices = Math.max(maxChoices, choices.length);
  }
  times.sort((a, b) => a - b);
  const products = all.filter((each) => each.kind === 'product').length;
  return [
    '### Autocomplete (in process)',
    '',
    `${fmt(all.length)} distinct prefixes of length 1–4 (${fmt(products)} product, ${fmt(all.length - products)} recipe) of every catalog name, display name and alias, each as an autocomplete interaction through the real handler (payload validation, catalog suggester, choice limits). ${fmt(empty)} prefixes had no suggestion; at most ${maxChoices} choices were returned.`,
    '',
    '| p50 ms | p99 ms | max ms | mean ms |',
    '| ---: | ---: | ---: | ---: |',
    `| ${fmt(percentile(times, 50), 3)} | ${fmt(percentile(times, 99), 3)} | ${fmt(times.at(-1)!, 3)} | ${fmt(times.reduce((sum, each) => sum + each, 0) / times.length, 3)} |`,
    '',
  ].join('\n');
}

/** The interactions sent under load, signed once beforehand so the client measures the server only. */
function signedRequests(
  privateKey: ReturnType<typeof generateKeyPairSync>['privateKey'],
): Record<string, unknown>[] {
  const catalog = loadCatalog();
  const payloads: unknown[] = [pingPayload()];
  for (const letter of 'abcdefghijklmnoprstvw') {
    payloads.push(autocompletePayload('product', letter), autocompletePayload('recipe', letter));
    for (const name of catalog.suggest('product', letter, 4)) payloads.push(commandPayload('product', name));
    for (const name of catalog.suggest('recipe', letter, 1)) payloads.push(commandPayload('recipe', name));
  }
  payloads.push(
    commandPayload('product', 'oat mlk'),
    commandPayload('product', 'zzqx'),
    commandPayload('help'),
  );
  const timestamp = String(Math.floor(Date.now() / 1000));
  return payloads.map((payload) => {
    const body = JSON.stringify(payload);
    return {
      method: 'POST',
      path: INTERACTIONS_PATH,
      headers: {
        'content-type': 'application/json',
        'x-signature-ed25519': sign(null, Buffer.from(timestamp + body), privateKey).toString('hex'),
        'x-signature-timestamp': timestamp,
      },
      body,
    };
  });
}

/**
 * The baselines: node:http reading the body and answering PONG, with no verification at all or
 * with the same Ed25519 check the bot does, so the bot's own work shows apart from the crypto.
 */
function startPong(verify?: SignatureVerifier): Promise<{ port: number; close(): Promise<void> }> {
  return startBare((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const header = (name: string) => req.headers[name] as string | undefined;
      if (
        verify &&
        !verify(header('x-signature-ed25519'), header('x-signature-timestamp'), Buffer.concat(chunks))
      ) {
        res.writeHead(401).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '10' }).end('{"type":1}');
    });
  });
}

async function httpSection(): Promise<string> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const der = publicKey.export({ format: 'der', type: 'spki' });
  const fake = await startFakeDiscord();
  const http = new BotHttpServer(silentLogger());
  const catalog = loadCatalog();
  const adapter = await startDiscordWith({
    config: parseConfig({
      DISCORD_PUBLIC_KEY: der.subarray(der.length - 32).toString('hex'),
      DISCORD_API_URL: fake.apiUrl,
    }),
    logger: silentLogger(),
    ...answering(createCatalogSource(catalog)),
    suggester: catalog,
    http,
  });
  if (adapter === null) throw new Error('the Discord adapter did not start');
  const botPort = (await http.listen(0, '127.0.0.1')).port;
  const bare = await startPong();
  const verifying = await startPong(createSignatureVerifier(der.subarray(der.length - 32).toString('hex')));
  const requests = signedRequests(privateKey);

  try {
    // One pass first: every interaction must be answered in the response, or the figures lie.
    const types = new Map<number, number>();
    for (const request of requests) {
      const response = await fetch(`http://127.0.0.1:${botPort}${INTERACTIONS_PATH}`, {
        method: 'POST',
        headers: request.headers as Record<string, string>,
        body: request.body as string,
      });
      if (response.status !== 200) throw new Error(`bot answered ${response.status}`);
      const { type } = (await response.json()) as { type: number };
      types.set(type, (types.get(type) ?? 0) + 1);
    }
    if ((types.get(5) ?? 0) > 0)
      throw new Error('some interactions were deferred; the figures would mislead');

    const targets = [
      { label: 'bare node:http (PONG, no verification)', port: bare.port },
      { label: 'node:http + Ed25519 verify (PONG)', port: verifying.port },
      { label: 'carbon /discord/interactions (verify + answer)', port: botPort },
    ];
    const summaries = await compare(targets, requests, SETTINGS);
    const [one] = loadavg();
    const mix = `${types.get(4) ?? 0} commands answered in the response (type 4), ${types.get(8) ?? 0} autocompletes (type 8), ${types.get(1) ?? 0} PING`;
    return [
      '### Signed HTTP interactions',
      '',
      `${requests.length} distinct Ed25519-signed interactions (${mix}) POSTed to \`${INTERACTIONS_PATH}\` on the bot's shared HTTP server, ${SETTINGS.connections} connections, autocannon in a worker thread; ${SETTINGS.rounds} round(s) of ${SETTINGS.durationS} s per target, medians shown. Source: the built-in catalog. Load average at the end: ${fmt(one ?? 0, 1)}.`,
      '',
      '| target | responses/s | p50 ms | p99 ms | ratio vs bare | 200s | errors |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows(targets, summaries),
      '',
      `Throughput ratio of the carbon Discord endpoint to a bare node:http PONG: **${fmt(summaries[2]!.rps / summaries[0]!.rps, 2)}**; to a PONG server doing the same signature check: **${fmt(summaries[2]!.rps / summaries[1]!.rps, 2)}**. Discord's deadline is 3 000 ms per interaction.`,
      '',
    ].join('\n');
  } finally {
    await adapter.stop();
    await http.close();
    await bare.close();
    await verifying.close();
    await fake.stop();
  }
}

export async function run(): Promise<string> {
  return ['## Discord app', '', await autocompleteSection(), await httpSection()].join('\n');
}
