import { describe, expect, it } from 'vitest';
import type { Answer } from '../../../src/core/commands/answer.js';
import { parseCommandText } from '../../../src/core/commands/parse.js';
import { commandHandler } from '../../../src/core/commands/run.js';
import type { Surface } from '../../../src/core/commands/surface.js';
import { UpstreamError } from '../../../src/core/errors.js';
import { LookupResultSchema } from '../../../src/core/result.js';
import type { LookupSource } from '../../../src/core/source.js';
import { createLogger, silentLogger } from '../../../src/logging/logger.js';
import { createCatalogSource, loadCatalog } from '../../../src/sources/catalog/index.js';
import { memorySource } from '../../support/memory-source.js';
import { testServices } from '../../support/services.js';

async function answer(
  text: string,
  source: LookupSource = memorySource(),
  surface: Surface = 'slack',
  logger = silentLogger(),
): Promise<Answer> {
  const parsed = parseCommandText(text, surface);
  if (!('request' in parsed)) throw new Error('a form');
  return commandHandler(testServices(source, logger), surface)(parsed.request, {
    signal: new AbortController().signal,
    logger,
  });
}

/** A logger writing JSON lines into an array, at the given level. */
function capture(level: 'info' | 'debug') {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    level,
    destination: { write: (line: string) => lines.push(JSON.parse(line)) },
  });
  return { logger, lines };
}

describe('commandHandler: every command, one handler', () => {
  it('looks a product up and answers a result that matches the schema', async () => {
    const source = memorySource();
    const reply = await answer('product   oat milk', source);
    expect(reply.type).toBe('result');
    if (reply.type === 'result') expect(LookupResultSchema.parse(reply.result)).toEqual(reply.result);
    expect(source.asked).toEqual(['product:oat milk']);
  });

  it('turns a too-long name into an invalid_input error without asking the source', async () => {
    const source = memorySource();
    expect(await answer(`recipe ${'x'.repeat(201)}`, source)).toMatchObject({
      type: 'error',
      error: { code: 'invalid_input' },
    });
    expect(source.asked).toEqual([]);
  });

  it('words source failures through messages.ts, and an unexpected one as internal', async () => {
    expect(await answer('recipe qwzx')).toMatchObject({
      type: 'error',
      error: { code: 'not_found', text: 'No recipe found for "qwzx".' },
    });
    expect(await answer('product oat milk', memorySource({ fail: new UpstreamError('502') }))).toMatchObject({
      type: 'error',
      error: { code: 'upstream_failure' },
    });
    expect(await answer('product oat milk', memorySource({ fail: new Error('bug') }))).toMatchObject({
      type: 'error',
      error: { code: 'internal' },
    });
  });

  it('computes `recipe <ingredient list>` from the catalog and sends dish names to the source', async () => {
    const source = memorySource();
    const list = await answer('recipe 200g rice, 1 onion, serves 2', source);
    expect(list).toMatchObject({
      type: 'result',
      result: { kind: 'recipe', ingredientList: { servings: 2 } },
    });
    await answer('recipe mac and cheese, with bacon', source);
    expect(source.asked).toEqual(['recipe:mac and cheese, with bacon']);
    const long = await answer(`recipe ${'10g rice, '.repeat(500)}`, source);
    expect(long).toMatchObject({ type: 'error', error: { code: 'invalid_input' } });
    if (long.type === 'error') expect(long.error.text).toContain('4000 characters');
  });

  it('answers `recipe <name>` with a dish built from its parts when no named dish fits, and says so', async () => {
    const catalog = createCatalogSource(loadCatalog());
    const named = await answer('recipe lasagne', catalog);
    expect(named).toMatchObject({ type: 'result', result: { kind: 'recipe', name: 'Lasagne' } });
    // The catalog's ramen is made with chashu pork: ramen with tofu is not it.
    const tofu = await answer('recipe ramen with tofu', catalog, 'cli');
    expect(tofu.type).toBe('result');
    if (tofu.type === 'result' && tofu.result.kind === 'recipe') {
      expect(tofu.result.name).toBe('Ramen with tofu instead of chashu pork');
      expect(tofu.result.contributors.map((each) => each.name).join(' ')).not.toMatch(/pork/i);
    }
    const built = await answer('recipe chicken shnitzel', catalog);
    expect(built.type).toBe('result');
    if (built.type === 'result') {
      expect(built.result.name).toBe('Breaded dish with chicken');
      expect(built.result.notes.join(' ')).toMatch(/Built from a breaded dish recipe with chicken/);
    }
    // A source that is not the built-in catalog answers names itself: nothing is built.
    const api = { ...memorySource(), id: 'api' };
    expect(await answer('recipe chicken shnitzel', api)).toMatchObject({
      type: 'error',
      error: { code: 'not_found' },
    });
  });

  it('answers a bare name as a dish or a product, whichever a comparison would take it for', async () => {
    const catalog = createCatalogSource(loadCatalog());
    const milk = await answer('oat milk', catalog);
    expect(milk).toMatchObject({ type: 'result', result: { kind: 'product' } });
    const lasagne = await answer('lasagne', catalog, 'shell');
    expect(lasagne).toMatchObject({ type: 'result', result: { kind: 'recipe' } });
    const nothing = await answer('qwzxv plorb', catalog, 'cli');
    expect(nothing).toMatchObject({ type: 'error', error: { code: 'not_found' } });
    if (nothing.type === 'error') {
      expect(nothing.error.text).toBe('No dish or product found for "qwzxv plorb".');
      // The terminal's own spelling of commands in the hint.
      expect(nothing.error.hint).toContain('`carbon product oat milk`');
      expect(nothing.error.hint).not.toContain('/carbon');
    }
  });

  it('asks "did you mean" with the command as the surface types it when a mistyped verb finds nothing', async () => {
    const catalog = createCatalogSource(loadCatalog());
    const slack = await answer('prodcut qwzxv plorb', catalog);
    expect(slack).toMatchObject({ type: 'error', error: { code: 'not_found' } });
    if (slack.type === 'error') expect(slack.error.hint).toBe('Did you mean `/carbon product qwzxv plorb`?');
    const cli = await answer('recpie qwzxv', catalog, 'cli');
    if (cli.type === 'error') expect(cli.error.hint).toBe('Did you mean `carbon recipe qwzxv`?');
  });

  it('spells the commands in hints as each surface types them', async () => {
    const spelled = async (surface: Surface) => {
      const reply = await answer('compare lasagne', memorySource(), surface);
      return reply.type === 'error' ? reply.error.hint : null;
    };
    expect(await spelled('slack')).toBe('Try `/carbon compare lasagne, dal, chicken curry`.');
    expect(await spelled('discord')).toBe('Try `/carbon compare options:lasagne, dal, chicken curry`.');
    expect(await spelled('cli')).toBe('Try `carbon compare lasagne, dal, chicken curry`.');
    expect(await spelled('shell')).toBe('Try `compare lasagne, dal, chicken curry`.');
  });

  it('lists the datasets and their licences from data/datasets.json', async () => {
    const reply = await answer('sources');
    expect(reply.type).toBe('info');
    if (reply.type !== 'info') return;
    expect(reply.info.items.length).toBeGreaterThan(0);
    expect(reply.info.items.map((item) => item.heading).join(' ')).toContain('AGRIBALYSE');
    expect(
      reply.info.items.every(
        (item) => item.link !== null && item.lines.some((line) => line.startsWith('Licence: ')),
      ),
    ).toBe(true);
  });

  it('logs one line per command (command, outcome, latency) and what was typed only at debug', async () => {
    const info = capture('info');
    await answer('product oat milk', memorySource(), 'slack', info.logger);
    await answer('recipe secret soup', memorySource(), 'slack', info.logger);
    expect(info.lines.map((line) => line.msg)).toEqual(['command answered', 'command answered']);
    expect(info.lines[0]).toMatchObject({ command: 'product', surface: 'slack', outcome: 'answered' });
    expect(info.lines[1]).toMatchObject({ command: 'recipe', outcome: 'not_found', level: 30 });
    expect(typeof info.lines[0]!.latencyMs).toBe('number');
    // A not-found is an outcome: no stack trace, no error object, and no user text at info.
    expect(JSON.stringify(info.lines)).not.toMatch(/secret soup|stack|"err"/);
    const debug = capture('debug');
    await answer('recipe secret soup', memorySource(), 'slack', debug.logger);
    expect(JSON.stringify(debug.lines)).toContain('secret soup');
    expect(JSON.stringify(debug.lines)).not.toContain('"stack"');
  });
});
