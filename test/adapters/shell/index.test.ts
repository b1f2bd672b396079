import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { commandText, runShell, type ShellOptions } from '../../../src/adapters/shell/index.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { memorySource } from '../../support/memory-source.js';
import { testServices } from '../../support/services.js';

/** A real shell over PassThrough streams that stay open, collecting everything it prints. */
function openShell(options: Partial<ShellOptions> = {}) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const chunks: Buffer[] = [];
  stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  const source = memorySource();
  const finished = runShell({
    input: stdin,
    output: stdout,
    services: testServices(source),
    logger: silentLogger(),
    ...options,
  });
  return { stdin, source, finished, output: () => Buffer.concat(chunks).toString('utf8') };
}

/** Feeds `lines` into a real shell, ends the input and returns everything it printed. */
async function drive(input: string | string[], options: { banner?: string } = {}) {
  const { stdin, source, finished, output } = openShell(options);
  for (const part of Array.isArray(input) ? input : [input]) stdin.write(part);
  stdin.end();
  await finished;
  return { output: output(), source };
}

describe('runShell', () => {
  it('answers lines with or without /carbon and prints the banner once', async () => {
    const { output, source } = await drive('/carbon product oat milk\nproduct oat drink\n', {
      banner: 'Hello',
    });
    expect(output.startsWith('Hello\n')).toBe(true);
    expect(output.match(/Hello/g)).toHaveLength(1);
    expect(output.match(/0\.3 kg CO2e per litre · low ▮▯▯/g)).toHaveLength(2);
    expect(source.asked).toEqual(['product:oat milk', 'product:oat drink']);
  });

  it('answers in input order even when lines arrive in one chunk', async () => {
    const { output } = await drive('product oat milk\nproduct tofu\nrecipe qwzx\nhelp\n');
    const oat = output.indexOf('Oat milk');
    const tofu = output.indexOf('No product found for "tofu"');
    const soup = output.indexOf('No recipe found for "qwzx"');
    const help = output.indexOf('Usage:');
    expect(oat).toBeGreaterThanOrEqual(0);
    expect(tofu).toBeGreaterThan(oat);
    expect(soup).toBeGreaterThan(tofu);
    expect(help).toBeGreaterThan(soup);
  });

  it('stops at exit and ignores what follows', async () => {
    const { output, source } = await drive('product oat milk\nexit\nproduct oat late\n');
    expect(source.asked).toEqual(['product:oat milk']);
    expect(output).not.toContain('oat late');
  });

  it('stops at QUIT and at the end of input without a final newline', async () => {
    expect((await drive('QUIT\nproduct oat\n')).source.asked).toEqual([]);
    expect((await drive('product oat milk')).source.asked).toEqual(['product:oat milk']);
  });

  it('skips blank lines and answers a bare /carbon with help', async () => {
    const { output, source } = await drive('\n   \n/carbon\n');
    expect(source.asked).toEqual([]);
    expect(output).toContain('Usage:');
    expect(output.match(/Usage:/g)).toHaveLength(1);
  });

  it('survives hostile input and keeps answering afterwards', async () => {
    const hostile = [
      'x'.repeat(10_000),
      `product ${'y'.repeat(10_000)}`,
      '\u0000\u0001\u0002\u001b[2J\u001b]0;pwned\u0007',
      'product \u001b[31mred\u001b[0m',
      'recipe \u200b\ufeff',
      '\ud800 unpaired surrogate',
      'product 🥛🥛🥛',
      '%s%n%x {{constructor}} __proto__',
      'product oat milk',
    ];
    const { output, source } = await drive(`${hostile.join('\n')}\n`);
    expect(output).toContain("That name can't be looked up: names are limited to 200 characters.");
    expect(output).toContain("That name can't be looked up: the name is empty.");
    expect(output).toContain('Oat milk');
    // Nothing that could drive the terminal reaches the output.
    expect(output.replaceAll('\n', '')).not.toMatch(/\p{Cc}/u);
    expect(source.asked.at(-1)).toBe('product:oat milk');
  });

  it('copes with input split mid-line and CRLF line ends', async () => {
    const { source } = await drive(['prod', 'uct oat ', 'milk\r\n', 'product oat\r\n']);
    expect(source.asked).toEqual(['product:oat milk', 'product:oat']);
  });
});

describe('commandText', () => {
  it.each([
    ['product oat milk', 'product oat milk'],
    ['/carbon product oat milk', 'product oat milk'],
    ['  CARBON   recipe lasagne ', 'recipe lasagne'],
    ['/carbon', 'help'],
    ['carbonara', 'carbonara'],
    ['', ''],
    ['exit', null],
    [' Quit ', null],
    ['/exit', null],
  ])('%j → %j', (line, expected) => {
    expect(commandText(line)).toBe(expected);
  });
});

describe('runShell in a terminal', () => {
  it('prompts, answers, and leaves on Ctrl-D without waiting for the input to end', async () => {
    const { stdin, source, finished, output } = openShell({ interactive: true });
    stdin.write('product oat milk\r');
    stdin.write('\u0004');
    await finished;
    expect(output()).toContain('carbon> ');
    expect(output()).toContain('0.3 kg CO2e per litre');
    expect(source.asked).toEqual(['product:oat milk']);
    expect(stdin.writableEnded).toBe(false);
  });

  it('clears the line on Ctrl-C and stays, as a shell does; Ctrl-D leaves', async () => {
    const { stdin, source, finished, output } = openShell({ interactive: true });
    stdin.write('product oat mi');
    stdin.write('\u0003');
    stdin.write('product oat drink\r');
    // Ctrl-C on an empty line says how to leave, and still does not.
    stdin.write('\u0003');
    stdin.write('\u0004');
    await finished;
    expect(source.asked).toEqual(['product:oat drink']);
    expect(output()).toContain('To leave, type exit or press Ctrl-D.');
    expect(stdin.writableEnded).toBe(false);
  });

  it('answers a bare name as a dish or a product, not with the usage', async () => {
    const { output, source } = await drive('oat milk\n');
    expect(source.asked).toEqual(['recipe:oat milk', 'product:oat milk']);
    expect(output).toContain('0.3 kg CO2e per litre');
    expect(output).not.toContain('Usage:');
  });
});

describe('runShell shutdown', () => {
  it('ends when its signal aborts, with the input still open', async () => {
    const abort = new AbortController();
    const { stdin, source, finished, output } = openShell({ signal: abort.signal });
    stdin.write('product oat milk\n');
    while (!output().includes('Oat milk')) await new Promise((resolve) => setImmediate(resolve));
    abort.abort();
    await finished;
    stdin.write('product oat late\n');
    expect(source.asked).toEqual(['product:oat milk']);
    expect(stdin.writableEnded).toBe(false);
  });

  it('does not start when already aborted', async () => {
    const source = memorySource();
    const stdin = new PassThrough();
    stdin.end('product oat milk\n');
    await runShell({
      input: stdin,
      output: new PassThrough(),
      services: testServices(source),
      logger: silentLogger(),
      signal: AbortSignal.abort(),
    });
    expect(source.asked).toEqual([]);
  });
});
