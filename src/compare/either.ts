import { NotFoundError } from '../core/errors.js';
import type { Reply } from '../core/lookup.js';
import { toErrorView } from '../core/messages.js';
import type { LookupOptions, LookupSource } from '../core/source.js';
import { type IngredientListEstimator, resolveItem, type Understanding } from './resolve.js';

/**
 * A name given with no verb (`/carbon oat milk`, a bare line in the shell): looked up as a dish and
 * as a product, and answered as whichever a comparison would take it for (resolve.ts decides, so a
 * name means the same thing alone as among options). Never throws.
 */
export async function lookupEither(
  name: string,
  source: LookupSource,
  ingredients: IngredientListEstimator | undefined,
  options: LookupOptions = {},
  /** What the name states and dishes built from parts, as a comparison reads an option (understand.ts). */
  understanding?: Understanding,
): Promise<Reply> {
  const resolution = await resolveItem(
    { text: name, hint: 'auto', ingredients: null },
    source,
    ingredients,
    options,
    understanding,
  );
  switch (resolution.status) {
    case 'found':
      return { type: 'result', result: resolution.result };
    case 'not_found':
      return {
        type: 'error',
        error: toErrorView(new NotFoundError('dish or product', name, resolution.suggestions)),
      };
    case 'not_understood':
      return {
        type: 'error',
        error: { ...toErrorView(new NotFoundError('dish or product', name)), text: `${resolution.reason}.` },
      };
    case 'failed':
      return { type: 'error', error: resolution.error };
  }
}

/**
 * `/carbon recipe <name>`: the dish the source names; with the built-in catalog as the source, read as
 * a comparison reads an option (understand.ts), so a dish named by its parts that no named dish fits
 * ("ramen with tofu", "chicken shnitzel") is built from a template of its type and answered as a
 * composed dish, saying so in its notes. Another source (the API) answers names itself, and the
 * composer is not used: `understanding` is then undefined. Never throws.
 */
export async function lookupDish(
  name: string,
  source: LookupSource,
  options: LookupOptions = {},
  understanding?: Understanding,
): Promise<Reply> {
  const resolution = await resolveItem(
    { text: name, hint: 'dish', ingredients: null },
    source,
    undefined,
    options,
    understanding,
  );
  if (resolution.status === 'found' && resolution.result.kind === 'recipe')
    return { type: 'result', result: resolution.result };
  if (resolution.status === 'failed') return { type: 'error', error: resolution.error };
  const suggestions = resolution.status === 'not_found' ? resolution.suggestions : [];
  return { type: 'error', error: toErrorView(new NotFoundError('recipe', name, suggestions)) };
}
