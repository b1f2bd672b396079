import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import type { RunningAdapter } from '../../../src/adapters/context.js';
import { startDiscordWith } from '../../../src/adapters/discord/index.js';
import { parseConfig } from '../../../src/config/env.js';
import type { LookupSource, NameSuggester } from '../../../src/core/source.js';
import type { StateStore } from '../../../src/core/state/store.js';
import { createLogger, silentLogger } from '../../../src/logging/logger.js';
import { BotHttpServer } from '../../../src/server/bot-http.js';
import { createApiSource } from '../../../src/sources/api/index.js';
import { loadCatalog } from '../../../src/sources/catalog/index.js';
import { FAKE_BOT_TOKEN, type FakeDiscord, startFakeDiscord } from '../../support/fake-discord.js';
import { type FakeGreenSwapp, startFakeGreenSwapp } from '../../support/fake-greenswapp.js';
import { answering } from '../../support/services.js';

/** A running adapter wired to a fresh fake Discord, with its logs captured as JSON lines. */
export interface Harness {
  fake: FakeDiscord;
  adapter: RunningAdapter;
  /** Base URL of the bot's shared HTTP server (HTTP mode). */
  botUrl: string;
  logs: string[];
  /** Resolves with the first log line containing `text`, as soon as it is written. */
  waitForLog(text: string): Promise<string>;
  /** Signs with the key the adapter was configured with. */
  signer: Signer;
  stop(): Promise<void>;
}

export interface HarnessOptions {
  mode: 'gateway' | 'http';
  source: LookupSource;
  suggester: NameSuggester | null;
  budgetMs?: number;
  /** How long stop() waits for work in flight (default 2 s). */
  drainMs?: number;
  /** How long stop() lets lookups in flight finish before telling users to retry (default drainMs). */
  graceMs?: number;
  /** The fake gateway's heartbeat_interval. */
  heartbeatIntervalMs?: number;
  /** A state store shared with another harness (two replicas); a fresh one otherwise. */
  store?: StateStore;
  /** A fake Discord shared with another harness; a fresh one otherwise (stopped with it). */
  fake?: FakeDiscord;
}

export interface Signer {
  publicKeyHex: string;
  sign(timestamp: string, body: string): string;
}

export function createSigner(): Signer {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return signerFor(publicKey, privateKey);
}

function signerFor(publicKey: KeyObject, privateKey: KeyObject): Signer {
  const der = publicKey.export({ format: 'der', type: 'spki' });
  return {
    publicKeyHex: der.subarray(der.length - 32).toString('hex'),
    sign: (timestamp, body) => sign(null, Buffer.from(timestamp + body), privateKey).toString('hex'),
  };
}

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const fake =
    options.fake ??
    (await startFakeDiscord(
      options.heartbeatIntervalMs === undefined ? {} : { heartbeatIntervalMs: options.heartbeatIntervalMs },
    ));
  const logs: string[] = [];
  let waiters: { text: string; resolve: (line: string) => void }[] = [];
  const write = (line: string) => {
    logs.push(line);
    const matched = waiters.filter((waiter) => line.includes(waiter.text));
    waiters = waiters.filter((waiter) => !matched.includes(waiter));
    for (const waiter of matched) waiter.resolve(line);
  };
  const waitForLog = (text: string) => {
    const found = logs.find((line) => line.includes(text));
    if (found !== undefined) return Promise.resolve(found);
    return new Promise<string>((resolve) => waiters.push({ text, resolve }));
  };
  const logger = createLogger({ level: 'debug', destination: { write } });
  const signer = createSigner();
  const http = new BotHttpServer(logger);
  const env =
    options.mode === 'gateway'
      ? { DISCORD_TOKEN: FAKE_BOT_TOKEN, DISCORD_API_URL: fake.apiUrl }
      : { DISCORD_PUBLIC_KEY: signer.publicKeyHex, DISCORD_API_URL: fake.apiUrl };
  const adapter = await startDiscordWith(
    {
      config: parseConfig(env),
      logger,
      ...answering(options.source, logger, options.store),
      suggester: options.suggester,
      http,
    },
    {
      budgetMs: options.budgetMs ?? 1_000,
      drainMs: options.drainMs ?? 2_000,
      graceMs: options.graceMs ?? options.drainMs ?? 2_000,
    },
  );
  if (adapter === null) throw new Error('adapter did not start');
  const address: AddressInfo = await http.listen(0, '127.0.0.1');
  return {
    fake,
    adapter,
    botUrl: `http://127.0.0.1:${address.port}`,
    logs,
    waitForLog,
    signer,
    async stop() {
      await adapter.stop();
      await http.close();
      if (options.fake === undefined) await fake.stop();
    },
  };
}

/** A harness whose source is the real API client against a fake GreenSwapp, suggesting from the catalog. */
export interface ApiHarness extends Harness {
  greenswapp: FakeGreenSwapp;
  /** Holds every API answer until the returned gate opens; `greenswapp.respondWith(null)` ends it. */
  holdApi(): { open(): void };
}

export async function startApiHarness(options: {
  mode: HarnessOptions['mode'];
  timeoutMs: number;
  budgetMs: number;
  drainMs?: number;
  graceMs?: number;
}): Promise<ApiHarness> {
  const greenswapp = await startFakeGreenSwapp();
  const source = createApiSource({
    apiKey: 'test-key',
    baseUrl: greenswapp.url,
    trialUrl: greenswapp.url,
    timeoutMs: options.timeoutMs,
    logger: silentLogger(),
    cache: false,
    retry: { attempts: 1 },
  });
  const harness = await startHarness({
    mode: options.mode,
    source,
    suggester: loadCatalog(),
    budgetMs: options.budgetMs,
    ...(options.drainMs !== undefined && { drainMs: options.drainMs }),
    ...(options.graceMs !== undefined && { graceMs: options.graceMs }),
  });
  return {
    ...harness,
    greenswapp,
    holdApi() {
      const upstream = gate();
      greenswapp.respondWith(async () => {
        await upstream.wait;
        return undefined;
      });
      return upstream;
    },
    async stop() {
      await harness.stop();
      await greenswapp.close();
    },
  };
}

export interface PostResult {
  status: number;
  body: unknown;
}

/**
 * POSTs a body to /discord/interactions, signed unless headers are given explicitly. A 200 reply
 * to an interaction is checked as the fake Discord checks callbacks, and throws if Discord would
 * refuse it.
 */
export async function postInteraction(
  harness: Harness,
  payload: unknown,
  headers?: Record<string, string>,
): Promise<PostResult> {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const interaction = asInteraction(payload);
  if (interaction !== null) harness.fake.expectHttpResponse(interaction.token);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await request(`${harness.botUrl}/discord/interactions`, {
    method: 'POST',
    headers: headers ?? {
      'content-type': 'application/json',
      'x-signature-ed25519': harness.signer.sign(timestamp, body),
      'x-signature-timestamp': timestamp,
    },
    body,
  });
  const text = await response.body.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: keep the text.
  }
  if (interaction !== null && response.statusCode === 200) {
    const problem = harness.fake.recordHttpResponse(interaction, parsed);
    if (problem !== null) throw new Error(`Discord would refuse this interaction response: ${problem}`);
  }
  return { status: response.statusCode, body: parsed };
}

function asInteraction(payload: unknown): { id: string; token: string; type: number } | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { id, token, type } = payload as Record<string, unknown>;
  if (typeof id !== 'string' || typeof token !== 'string' || typeof type !== 'number') return null;
  return { id, token, type };
}

/** A deferred promise the test resolves when it chooses: a gate for a slow upstream, no timers. */
export function gate(): { wait: Promise<void>; open(): void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}
