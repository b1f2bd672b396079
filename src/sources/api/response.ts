import {
  ApiKeyRefusedError,
  BadResponseError,
  InvalidInputError,
  type LookupKind,
  NotFoundError,
  UpstreamError,
} from '../../core/errors.js';

/**
 * What a non-429 HTTP answer means: status codes onto the error hierarchy, 2xx bodies as JSON, and
 * the names a 404 offers instead. The body-to-result mapping is in map.ts; the transport (pools,
 * retries, deadline, rate-limit cool-down) in http-client.ts.
 */

/** What the request is for, so errors can name it. */
export interface RequestContext {
  kind: LookupKind;
  query: string;
}

/** The parts of a response that decide its meaning; the body already read within its size limit. */
export interface StatusAndBody {
  status: number;
  text: string;
}

const MAX_SUGGESTIONS = 5;
const MAX_SUGGESTION_LENGTH = 100;
const SUGGESTION_KEYS = ['suggestions', 'did_you_mean', 'didYouMean', 'alternatives', 'similar', 'matches'];

/** Maps status codes to the error hierarchy and parses 2xx JSON. */
export function interpretResponse(response: StatusAndBody, context: RequestContext): unknown {
  const { status } = response;
  if (status >= 200 && status < 300) {
    try {
      return JSON.parse(response.text);
    } catch {
      // No cause attached: V8's SyntaxError quotes the body, which is untrusted and may echo secrets.
      throw new BadResponseError(`HTTP ${status} body is not JSON`);
    }
  }
  if (status === 404) {
    throw new NotFoundError(context.kind, context.query, suggestionsFrom(response.text));
  }
  if (status === 401 || status === 403) throw new ApiKeyRefusedError(status);
  // The name is the only input we send and it is always present, so when the service rejects the
  // request as malformed (400, 422) or too long (414) the name is the likely cause and the user can
  // act on it. Anything else (3xx, 405, 410…) means the API or our configuration changed: upstream.
  if (status === 400 || status === 422 || status === 414) {
    throw new InvalidInputError('the footprint service could not accept that name');
  }
  throw new UpstreamError(`HTTP ${status}`, status);
}

/**
 * Names offered by a 404 body, if it carries any: at the top level (`{"suggestions": [...]}`, the
 * shapes other APIs use) or inside an error object (`{"error": {"suggestions": [...]}}`, the shape
 * `carbon serve` answers with). Only short printable strings are kept: the body is untrusted and
 * these are shown to users.
 */
export function suggestionsFrom(text: string): string[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [];
  }
  if (!isRecord(body)) return [];
  const found = suggestionList(body) ?? (isRecord(body.error) ? suggestionList(body.error) : undefined);
  if (found === undefined) return [];
  return found
    .filter((item): item is string => typeof item === 'string')
    .map((item) =>
      item
        .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((item) => item.length > 0 && item.length <= MAX_SUGGESTION_LENGTH)
    .slice(0, MAX_SUGGESTIONS);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first array under one of the known keys; non-arrays are skipped. */
function suggestionList(record: Record<string, unknown>): unknown[] | undefined {
  for (const key of SUGGESTION_KEYS) {
    const value = record[key];
    if (Array.isArray(value)) return value;
  }
  return undefined;
}
