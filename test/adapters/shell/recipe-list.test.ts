import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runShell } from '../../../src/adapters/shell/index.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { memorySource } from '../../support/memory-source.js';
import { testServices } from '../../support/services.js';

async function drive(input: string) {
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
  });
  stdin.end(input);
  await finished;
  return { output: Buffer.concat(chunks).toString('utf8'), source };
}

describe('runShell: recipe <ingredient list>', () => {
  it('computes a list from the built-in catalog and still sends names to the source', async () => {
    const { output, source } = await drive(
      '/carbon recipe 2 eggs, 1 slice bread, 10g butter, serves 2\nrecipe soup\nrecipe 3 chairs, 2 tables\n',
    );
    expect(output).toContain('Your recipe (3 ingredients)');
    expect(output).toContain('2 eggs: 100 g as Eggs');
    expect(output).toContain('Servings: 2');
    expect(output).toContain('No food in that list could be recognised');
    // Only the name reached the source; the lists never did.
    expect(source.asked).toEqual(['recipe:soup']);
  });
});
