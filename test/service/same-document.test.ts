/**
 * The built `carbon serve` against the built `carbon compare --json`, `carbon menu --json` and
 * `carbon recipe --json`, each a real process: for the same text the service answers the same
 * document the command line prints, because both run the one reader, understanding and composer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, type LongRunningCli, runCli, startCli } from '../cli/run-cli.js';
import { send } from './helpers.js';

const KEY = 'same-document-key';
const CATALOG = { env: { CARBON_SOURCE: 'catalog' } };

let serve: LongRunningCli;
let port: number;
beforeAll(async () => {
  ensureBuilt();
  serve = startCli(['serve'], { env: { PORT: '0', HOST: '127.0.0.1', CARBON_SERVICE_KEYS: KEY } });
  const [, url] = await serve.waitFor(/listening on (http:\/\/\S+)/);
  port = Number(new URL(url!).port);
}, 120_000);
afterAll(async () => {
  await serve?.stop('SIGTERM');
});

const headers = { 'x-api-key': KEY };

/**
 * What the command printed as its document: stdout when it ranked; when it did not (exit 2), the
 * comparison beside its too_few error on stderr, the error's text being the service's message.
 */
function printed(
  run: { code: number | null; stdout: string; stderr: string },
  reply: { json(): unknown },
): unknown {
  if (run.code === 0) return JSON.parse(run.stdout);
  const { error } = JSON.parse(run.stderr) as { error: { code: string; text: string; comparison: unknown } };
  expect(error.code).toBe('too_few');
  expect(error.text).toBe((reply.json() as { error?: { message?: string } }).error?.message);
  return error.comparison;
}

/** The service's document: the 200's body, or a 400 too_few's comparison. */
function served(reply: { status: number; json(): unknown }): unknown {
  const body = reply.json() as { error?: { code: string; comparison?: unknown } };
  if (reply.status === 200) return body;
  expect(body.error?.code).toBe('too_few');
  return body.error?.comparison;
}

// Each test is its own pair of processes, so they run side by side.
describe.concurrent('carbon serve answers what the command line prints', () => {
  it.each([
    'lasagne, dal vs chicken curry for 8 ppl',
    'fish pie or lasagne or dal',
    'tacos / pho / salad',
    'ramen with tofu vs thai red curry with beef',
    'lasagne, qwzxqq',
  ])('GET /compare and carbon compare --json: %s', async (text) => {
    const [run, reply] = await Promise.all([
      runCli(['compare', text, '--json'], CATALOG),
      send(port, `/compare?options=${encodeURIComponent(text)}`, { headers }),
    ]);
    expect([0, 2]).toContain(run.code);
    expect(reply.status).toBe(run.code === 0 ? 200 : 400);
    expect(served(reply)).toEqual(printed(run, reply));
  });

  it.each([
    [
      'a team channel post',
      'Lunch today, reply by 11:\n• Dal makhani £9\n• Beef lasagne £12\n• Falafel wrap (v) £8',
    ],
    ['options in one sentence', 'curry or noodles for lunch?'],
    ['a day-by-day board', 'Mon – fish pie\nTue – chicken katsu curry\nWed – mushroom risotto (v)'],
  ])('POST /menu and carbon menu --json: %s', async (_label, message) => {
    const [run, reply] = await Promise.all([
      runCli(['menu', '--json'], { ...CATALOG, input: message }),
      send(port, '/menu', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' },
        body: message,
      }),
    ]);
    expect([0, 2]).toContain(run.code);
    expect(reply.status).toBe(run.code === 0 ? 200 : 400);
    expect(served(reply)).toEqual(printed(run, reply));
  });

  it('words a comparison it cannot make as the command line does', async () => {
    const [run, reply] = await Promise.all([
      runCli(['compare', 'lasagne', '--json'], CATALOG),
      send(port, '/compare?options=lasagne', { headers }),
    ]);
    expect(run.code).toBe(2);
    const { error } = JSON.parse(run.stderr) as { error: { text: string } };
    expect(reply.status).toBe(400);
    expect((reply.json() as { error: { message: string } }).error.message).toBe(error.text);
  });

  it.each(['thai red curry with beef', 'ramen with tofu', 'lasagne'])(
    'GET /recipe and carbon recipe --json: %s',
    async (name) => {
      const [run, reply] = await Promise.all([
        runCli(['recipe', name, '--json'], CATALOG),
        send(port, `/recipe?recipe=${encodeURIComponent(name)}`, { headers }),
      ]);
      expect(run.code).toBe(0);
      expect(reply.status).toBe(200);
      const result = JSON.parse(run.stdout) as Record<string, unknown>;
      const body = reply.json() as Record<string, unknown>;
      expect({
        name: body.recipe_name,
        kgCo2ePerServing: body.kg_co2_per_kg,
        climateFriendly: body.climate_friendly,
        notes: body.notes,
      }).toEqual({
        name: result.name,
        kgCo2ePerServing: result.kgCo2ePerServing,
        climateFriendly: (result.climateFriendly as { value: string }).value,
        notes: result.notes,
      });
    },
  );
});
