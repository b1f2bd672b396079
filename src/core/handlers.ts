import type { Logger } from 'pino';
import type { LookupKind } from './errors.js';
import { handleCommandText, type Reply, runLookup } from './lookup.js';
import type { HandlerContext, RequestHandler } from './pipeline.js';
import type { LookupSource } from './source.js';

/**
 * The request kinds every chat platform serves, as pipeline handlers. A new kind (compare, a recipe
 * from its ingredients, a form submission) is one more entry here, plugged into the same pipeline.
 */
export interface LookupRequest {
  kind: LookupKind;
  name: string;
}

export interface CoreHandlers {
  /** The text after `/carbon`: parsed, then help or a lookup. */
  commandText: RequestHandler<string>;
  /** A lookup of a name already parsed (Discord options, a suggestion or share button). */
  lookup: RequestHandler<LookupRequest>;
}

export function createCoreHandlers(source: LookupSource): CoreHandlers {
  return {
    commandText: (text: string, { signal, logger }: HandlerContext): Promise<Reply> =>
      handleCommandText(text, source, logger, { signal }),
    lookup: ({ kind, name }: LookupRequest, { signal, logger }: HandlerContext): Promise<Reply> =>
      runLookup({ type: 'lookup', kind, name }, source, logger as Logger, { signal }),
  };
}
