import { type CompareReply, handleCompareText } from '../compare/compare.js';
import { loadEquivalences } from '../compare/equivalence.js';
import { fnddsPortionWeights, ingredientListEstimator } from '../recipes/for-compare.js';
import { lazyRecipeComputer } from '../recipes/handle.js';
import { loadPortionTable } from '../recipes/portions.js';
import { renderCompareText } from '../render/compare-text.js';
import { createSource } from '../sources/select.js';
import type { CliArgs } from './args.js';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from './exit-codes.js';
import type { CliIo } from './io.js';
import { writeLine } from './output.js';
import { loadRuntime } from './runtime.js';

/**
 * `carbon compare "<a>, <b>, <c>"`: the options ranked lowest first; `--json` prints the
 * CompareResult (src/compare/model.ts) with `ranked` in ranked order. Exit 0 when at least two were
 * compared; 2 for a usage error or when fewer than two were found; 1 when fewer than two could be
 * compared because the source failed.
 */
export async function compareCommand(args: CliArgs, io: CliIo): Promise<number> {
  const { config, logger } = loadRuntime(io, args.json ? 'silent' : 'error');
  const selected = createSource(config, logger, { suggester: false });
  let reply: CompareReply;
  try {
    reply = await handleCompareText(args.words.join(' '), {
      source: selected.source,
      car: loadEquivalences().carKm,
      logger,
      ingredients: ingredientListEstimator(lazyRecipeComputer()),
      portions: fnddsPortionWeights(() => loadPortionTable()),
    });
  } finally {
    await selected.close();
  }
  const code = compareExitCode(reply);
  const stream = code === EXIT_OK ? io.stdout : io.stderr;
  if (!args.json) writeLine(stream, renderCompareText(reply));
  else if (reply.type === 'compare') writeLine(stream, JSON.stringify(reply.result, null, 2));
  else writeLine(stream, JSON.stringify({ error: reply.error }, null, 2));
  return code;
}

export function compareExitCode(reply: CompareReply): number {
  if (reply.type === 'error') return reply.error.code === 'invalid_input' ? EXIT_USAGE : EXIT_FAILURE;
  if (reply.result.status === 'ranked') return EXIT_OK;
  return reply.result.failed.length > 0 ? EXIT_FAILURE : EXIT_USAGE;
}
