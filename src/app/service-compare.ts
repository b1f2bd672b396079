import type { Logger } from 'pino';
import { createChatCompareHandlers } from '../compare/chat.js';
import { understandingOf } from '../compare/compare.js';
import { resolveItem } from '../compare/resolve.js';
import { commandNamed } from '../core/commands/registry.js';
import { NotFoundError } from '../core/errors.js';
import { toErrorView } from '../core/messages.js';
import type { LookupSource } from '../core/source.js';
import type { ServiceCompare } from '../service/compare.js';
import { compareDependencies } from './services.js';

/**
 * What `carbon serve` answers comparisons, menus and dish names with: the handlers `/carbon compare`
 * and "Rate this menu" run (compare/chat.ts), over the compare dependencies built in services.ts,
 * so the service's documents are the ones `carbon compare --json` and `carbon menu --json` print.
 * A dish is read as `/carbon recipe` reads it with the built-in catalog (compare/either.ts
 * lookupDish), keeping how it was taken, which the service's answer states.
 */
export function createServiceCompare(source: LookupSource, logger: Logger): ServiceCompare {
  const deps = compareDependencies(source, logger);
  const handlers = createChatCompareHandlers(deps);
  return {
    limits: { text: optionLimit('compare'), menu: optionLimit('menu') },
    text: (text, context) => handlers.text(text, context),
    menu: (message, context) => handlers.menu(message, context),
    dish: async (name, { signal }) => {
      const resolved = deps();
      const resolution = await resolveItem(
        { text: name, hint: 'dish', ingredients: null },
        resolved.source,
        undefined,
        { signal },
        understandingOf(resolved),
      );
      if (resolution.status === 'found' && resolution.takenAs !== 'product') {
        return {
          type: 'dish',
          result: resolution.result,
          takenAs: resolution.takenAs === 'composed dish' ? 'composed dish' : 'dish',
          how: resolution.how ?? null,
        };
      }
      if (resolution.status === 'failed')
        return { type: 'error', error: resolution.error, cause: resolution.cause };
      const suggestions = resolution.status === 'not_found' ? resolution.suggestions : [];
      return { type: 'error', error: toErrorView(new NotFoundError('recipe', name, suggestions)) };
    },
  };
}

/** The longest text a command takes, as the registry defines its option. */
function optionLimit(name: 'compare' | 'menu'): number {
  const option = commandNamed(name).option;
  if (option === null) throw new Error(`the ${name} command takes no text`);
  return option.maxLength;
}
