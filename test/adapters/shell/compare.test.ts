import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runShell } from '../../../src/adapters/shell/index.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { createCatalogSource, loadCatalog } from '../../../src/sources/catalog/index.js';
import { testServices } from '../../support/services.js';

async function drive(input: string): Promise<string> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const chunks: Buffer[] = [];
  stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = runShell({
    input: stdin,
    output: stdout,
    services: testServices(createCatalogSource(loadCatalog())),
    logger: silentLogger(),
  });
  stdin.end(input);
  await finished;
  return Buffer.concat(chunks).toString('utf8');
}

describe('shell: compare', () => {
  it('answers `compare a vs b` (with or without /carbon) with the ranking, then goes on', async () => {
    const output = await drive('compare lasagne vs dal\n/carbon compare dal, qwzx\nrecipe dal\n');
    const ranking = output.search(/ 1\. Dal .*\n.*\n 2\. Lasagne/);
    const tooFew = output.indexOf('Only one option could be compared (Dal)');
    const notFound = output.indexOf('Not found: "qwzx"');
    const recipe = output.indexOf('Dal\n0.376 kg CO2e per serving');
    expect(ranking).toBeGreaterThanOrEqual(0);
    expect(tooFew).toBeGreaterThan(ranking);
    expect(notFound).toBeGreaterThan(tooFew);
    expect(recipe).toBeGreaterThan(notFound);
  });
});
