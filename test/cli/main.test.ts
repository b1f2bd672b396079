import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LookupResultSchema } from '../../src/core/result.js';
import {
  type FakeGreenSwapp,
  type ScriptedResponse,
  startFakeGreenSwapp,
} from '../support/fake-greenswapp.js';
import { runMain } from './run-main.js';

const CATALOG = { CARBON_SOURCE: 'catalog' };

describe('carbon: usage', () => {
  it('--version prints the package version', async () => {
    const run = await runMain(['--version']);
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(run).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('--help and help print usage on stdout and exit 0', async () => {
    for (const args of [['--help'], ['-h'], ['help']]) {
      const run = await runMain(args);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('carbon product <name>');
      expect(run.stdout).toContain('carbon start');
      expect(run.stdout).toContain('--json');
      expect(run.stdout).not.toContain('/carbon product');
      expect(run.stderr).toBe('');
    }
  });

  it('no arguments prints usage on stderr and exits 2', async () => {
    const run = await runMain([]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Usage:');
  });

  it('words with no verb are a name: looked up as a dish or a product, exit 2 when neither', async () => {
    const run = await runMain(['frobnicate', 'x'], { env: CATALOG });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('No dish or product found for "frobnicate x".');
    expect(run.stderr).not.toContain('/carbon');
    const found = await runMain(['oat', 'milk'], { env: CATALOG });
    expect(found.code).toBe(0);
    expect(found.stdout).toContain('per litre');
  });

  it('an unknown option exits 2', async () => {
    const run = await runMain(['product', 'oat', '--frob'], { env: CATALOG });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown option --frob');
  });

  it('a usage error with --json is one JSON error with the code usage', async () => {
    const run = await runMain(['product', 'oat', '--frob', '--json'], { env: CATALOG });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const body = JSON.parse(run.stderr) as { error: { code: string; text: string } };
    expect(body.error.code).toBe('usage');
    expect(body.error.text).toContain('unknown option --frob');
  });

  it('a verb without a name exits 2 with the CLI spelling of the example', async () => {
    const run = await runMain(['product'], { env: CATALOG });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Give a product name');
    expect(run.stderr).toContain('carbon product oat milk');
  });

  it('a name of 201 characters exits 2 as too long; 200 is looked up', async () => {
    const tooLong = await runMain(['product', 'q'.repeat(201)], { env: CATALOG });
    expect(tooLong.code).toBe(2);
    expect(tooLong.stderr).toContain('limited to 200 characters');
    const longest = await runMain(['product', 'q'.repeat(200)], { env: CATALOG });
    expect(longest.code).toBe(2);
    expect(longest.stderr).toContain('No product found');
  });
});

describe('carbon: the built-in catalog', () => {
  it('product oat milk prints the answer on stdout, nothing on stderr, and exits 0', async () => {
    const run = await runMain(['product', 'oat', 'milk'], { env: CATALOG });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/kg CO2e per litre · (low|medium|high) ▮/);
    expect(run.stdout).toContain('Source:');
  });

  it('--json prints a LookupResult that matches the schema', async () => {
    const run = await runMain(['--json', 'recipe', 'lasagne'], { env: CATALOG });
    expect(run.code).toBe(0);
    const result = LookupResultSchema.parse(JSON.parse(run.stdout));
    expect(result.kind).toBe('recipe');
    expect(result.source.id).toBe('catalog');
  });

  it('not found exits 2, with suggestions on stderr and nothing on stdout', async () => {
    const run = await runMain(['product', 'oat mylkk'], { env: CATALOG });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('No product found for "oat mylkk"');
  });

  it('not found with --json prints an error object on stderr', async () => {
    const run = await runMain(['product', 'xqzvw', '--json'], { env: CATALOG });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const body = JSON.parse(run.stderr) as { error: { code: string; text: string } };
    expect(body.error.code).toBe('not_found');
    expect(body.error.text).toContain('xqzvw');
  });
});

describe('carbon: configuration', () => {
  it('a malformed variable exits 1 naming it', async () => {
    const run = await runMain(['product', 'oat milk'], { env: { CARBON_API_TIMEOUT_MS: 'abc' } });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('CARBON_API_TIMEOUT_MS');
  });

  it('CARBON_SOURCE=api without a key exits 1 naming CARBON_API_KEY', async () => {
    const run = await runMain(['product', 'oat milk'], { env: { CARBON_SOURCE: 'api' } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('CARBON_API_KEY');
  });

  it('config errors come as JSON with --json', async () => {
    const run = await runMain(['product', 'oat milk', '--json'], { env: { CARBON_SOURCE: 'nope' } });
    expect(run.code).toBe(1);
    const body = JSON.parse(run.stderr) as { error: { code: string; text: string } };
    expect(body.error.code).toBe('config_error');
    expect(body.error.text).toContain('CARBON_SOURCE');
  });

  it('reads .env from the working directory, and the real environment wins', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'carbon-dotenv-'));
    writeFileSync(join(cwd, '.env'), 'CARBON_SOURCE=api\n');
    const fromFile = await runMain(['product', 'oat milk'], { cwd });
    expect(fromFile.code).toBe(1);
    expect(fromFile.stderr).toContain('CARBON_API_KEY');
    const overridden = await runMain(['product', 'oat milk'], { cwd, env: CATALOG });
    expect(overridden.code).toBe(0);
  });
});

describe('carbon: the GreenSwapp API', () => {
  const KEY = 'cbn-test-KEY-7f3a9c1e5d';
  let fake: FakeGreenSwapp;
  let env: Record<string, string>;

  beforeAll(async () => {
    fake = await startFakeGreenSwapp({ apiKey: KEY });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.reset();
    env = {
      CARBON_API_KEY: KEY,
      CARBON_API_BASE_URL: fake.url,
      CARBON_API_TRIAL_URL: fake.url,
      CARBON_API_TIMEOUT_MS: '2000',
    };
  });

  it('answers from the API when a key is set, sending the key only as a header', async () => {
    const run = await runMain(['product', 'oat', 'milk', '--json'], { env });
    expect(run.code).toBe(0);
    const result = LookupResultSchema.parse(JSON.parse(run.stdout));
    expect(result.source.id).toBe('api');
    expect(result.kind === 'product' && result.kgCo2ePerUnit).toBe(0.9);
    expect(fake.requests.at(-1)?.headers['x-api-key']).toBe(KEY);
    expect(`${run.stdout}${run.stderr}`).not.toContain(KEY);
  });

  it('upstream failures exit 1 without the key anywhere, even with debug logs', async () => {
    fake.respondWith({ status: 500, body: { error: `boom ${KEY}` } });
    const run = await runMain(['recipe', 'lasagne'], { env: { ...env, LOG_LEVEL: 'debug' } });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('The footprint service is having trouble.');
    expect(`${run.stdout}${run.stderr}`).not.toContain(KEY);
  });

  it('a refused key exits 1, and neither key is printed', async () => {
    const wrong = 'cbn-wrong-KEY-0b9e8d7c6a';
    const run = await runMain(['product', 'oat milk'], {
      env: { ...env, CARBON_API_KEY: wrong, LOG_LEVEL: 'trace' },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('refused');
    expect(`${run.stdout}${run.stderr}`).not.toContain(wrong);
    expect(`${run.stdout}${run.stderr}`).not.toContain(KEY);
  });

  it('an unreachable API exits 1', async () => {
    const run = await runMain(['product', 'oat milk'], {
      env: { ...env, CARBON_API_BASE_URL: 'http://127.0.0.1:9', CARBON_API_TRIAL_URL: 'http://127.0.0.1:9' },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).not.toContain(KEY);
  });

  const failures: [string, ScriptedResponse, string, string][] = [
    ['401', { status: 401, body: { error: 'invalid api key' } }, 'api_key_refused', 'refused'],
    ['429', { status: 429, headers: { 'retry-after': '120' } }, 'rate_limited', 'Try again in 120 s.'],
    ['500', { status: 500, body: { error: 'boom' } }, 'upstream_failure', 'having trouble'],
  ];

  it.each(failures)(
    'a %s with --json prints exactly one JSON document on stderr',
    async (_status, scripted, code) => {
      fake.respondWith(scripted);
      const run = await runMain(['product', 'oat milk', '--json'], { env });
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      // JSON.parse throws on anything beside the one document, such as a log line before it.
      const parsed = JSON.parse(run.stderr) as { error: { code: string; retryAfterSeconds: number | null } };
      expect(parsed.error.code).toBe(code);
      if (code === 'rate_limited') expect(parsed.error.retryAfterSeconds).toBe(120);
    },
  );

  it.each(failures)(
    'a %s prints only the message on stderr, no log line',
    async (_status, scripted, _code, text) => {
      fake.respondWith(scripted);
      const run = await runMain(['recipe', 'lasagne'], { env });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(text);
      expect(run.stderr).not.toMatch(/"level"|\bat \S+ \(|Error:/);
      expect(run.stderr.trim().split('\n').length).toBeLessThanOrEqual(2);
    },
  );

  it('LOG_LEVEL still raises the logging of a one-shot lookup', async () => {
    fake.respondWith({ status: 500, body: { error: 'boom' } });
    const run = await runMain(['recipe', 'lasagne'], { env: { ...env, LOG_LEVEL: 'warn' } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('"level":40');
    expect(run.stderr).toContain('The footprint service is having trouble.');
  });

  it('a blank LOG_LEVEL counts as unset', async () => {
    fake.respondWith({ status: 500, body: { error: 'boom' } });
    const run = await runMain(['recipe', 'lasagne', '--json'], { env: { ...env, LOG_LEVEL: '' } });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stderr)).toMatchObject({ error: { code: 'upstream_failure' } });
  });

  it('not found from the API exits 2', async () => {
    const run = await runMain(['product', 'qqqq unknown'], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('No product found');
  });
});

describe('carbon shell and carbon start without a terminal', () => {
  it('carbon shell answers piped lines and exits 0 at the end of input', async () => {
    const run = await runMain(['shell'], {
      env: CATALOG,
      input: '/carbon product oat milk\nrecipe lasagne\n\u001b[2Jproduct \u0000\n',
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('kg CO2e per litre');
    expect(run.stdout).toContain('kg CO2e per serving');
    expect(run.stdout).not.toContain('\u001b');
    expect(run.stdout).not.toContain('carbon> ');
  });

  it('carbon shell stops at exit', async () => {
    const run = await runMain(['shell'], { env: CATALOG, input: 'exit\nproduct oat milk\n' });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
  });

  it('carbon start with no chat credentials and no terminal explains how to connect and exits 0', async () => {
    const run = await runMain(['start'], { env: CATALOG });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('no chat platform is configured');
    expect(run.stdout).toContain('docs/slack.md');
    expect(run.stdout).toContain('docs/discord.md');
  });
});

describe('carbon start and discord-register, failing before they run', () => {
  it('start exits 1 with a clear message when an adapter cannot start, without printing the token', async () => {
    const token = 'xoxb-start-SECRET-5e4d3c';
    const run = await runMain(['start'], {
      env: {
        ...CATALOG,
        SLACK_BOT_TOKEN: token,
        SLACK_SIGNING_SECRET: 'sig-SECRET-1a2b',
        SLACK_API_URL: 'http://127.0.0.1:9/api/',
      },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('SLACK_BOT_TOKEN');
    expect(`${run.stdout}${run.stderr}`).not.toContain(token);
    expect(`${run.stdout}${run.stderr}`).not.toContain('sig-SECRET-1a2b');
  });

  it('discord-register without credentials exits 1 naming what is missing', async () => {
    const run = await runMain(['discord-register']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('DISCORD_APPLICATION_ID');
    expect(run.stderr).toContain('DISCORD_TOKEN');
  });
});
