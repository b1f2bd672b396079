import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { boundLines } from '../../../src/adapters/shell/bounded-lines.js';
import { runShell, SHELL_LINE_MAX } from '../../../src/adapters/shell/index.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { memorySource } from '../../support/memory-source.js';
import { testServices } from '../../support/services.js';

/** A pipe may send the shell a line of any length; it is cut before readline holds it whole. */

async function collect(stream: Readable): Promise<string> {
  let text = '';
  stream.setEncoding('utf8');
  for await (const chunk of stream) text += chunk;
  return text;
}

describe('boundLines', () => {
  it('cuts each line to the limit plus one, keeping the line breaks and the lines after', async () => {
    const out = await collect(
      Readable.from(['abcdefgh\nxy', 'z\n', '0123456789', '0123456789\nok'].map(Buffer.from)).pipe(
        boundLines(4),
      ),
    );
    expect(out).toBe('abcde\nxyz\n01234\nok');
  });

  it('does not split a character cut across chunks', async () => {
    const bytes = Buffer.from('é🥛\n');
    const chunks = [...bytes].map((byte) => Buffer.from([byte]));
    expect(await collect(Readable.from(chunks).pipe(boundLines(10)))).toBe('é🥛\n');
  });
});

describe('the shell on a pipe', () => {
  it('answers a line of millions of characters as too long, then the next line', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let written = '';
    output.setEncoding('utf8').on('data', (chunk: string) => {
      written += chunk;
    });
    const done = runShell({
      input,
      output,
      services: testServices(memorySource(), silentLogger()),
      logger: silentLogger(),
    });
    const block = 'a'.repeat(1 << 20);
    for (let i = 0; i < 20; i++) input.write(block);
    input.end('\nproduct oat milk\n');
    await done;
    expect(written).toContain('names are limited to 200 characters');
    // The next line is answered as it would be alone.
    expect(written).toContain('Oat milk\n0.3 kg CO2e per litre');
    // Nothing of the long line beyond the bound is kept, or echoed.
    expect(written.length).toBeLessThan(SHELL_LINE_MAX);
  });
});
