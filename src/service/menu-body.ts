import { type Prepared, prepareError } from './responses.js';

/**
 * `POST /menu`'s body: the posted message as `text/plain`, or as JSON `{ "message": "…" }` (other
 * fields ignored), in UTF-8. Read in one pass: decoding, JSON.parse and the length count are each
 * linear in the body, which Fastify has already held to bodyLimitFor's bytes.
 */

/**
 * The most bytes a body may take to carry `maxCharacters`: a character JSON-escaped as `\uXXXX` takes
 * six, as many as any character takes in UTF-8 or escaped; the JSON around it gets a kilobyte.
 */
export function bodyLimitFor(maxCharacters: number): number {
  return maxCharacters * 6 + 1024;
}

const MEDIA_TYPES = ['text/plain', 'application/json'] as const;
/** The charsets a body may say it is in: what UTF-8 decodes as is. */
const CHARSETS = new Set(['utf-8', 'utf8', 'us-ascii']);
const decoder = new TextDecoder('utf-8', { fatal: true });

export const UNSUPPORTED_MEDIA_TYPE = prepareError(
  415,
  'unsupported_media_type',
  'Send the menu as text/plain, or as application/json {"message": "…"}, in UTF-8.',
);

export function tooLarge(maxCharacters: number): Prepared {
  return prepareError(
    413,
    'request_too_large',
    `The message is over ${maxCharacters.toLocaleString('en-US')} characters, the longest a chat message is.`,
  );
}

/** A body over bodyLimitFor's bytes, refused before it is all read. */
export function bodyTooLarge(maxCharacters: number): Prepared {
  return prepareError(
    413,
    'request_too_large',
    `The body is over ${bodyLimitFor(maxCharacters).toLocaleString('en-US')} bytes; a message is at most ${maxCharacters.toLocaleString('en-US')} characters.`,
  );
}

/** The message a body carries, or the answer refusing it. */
export function readMenuBody(
  body: Buffer | undefined,
  contentType: string | undefined,
  maxCharacters: number,
): { message: string } | { refused: Prepared } {
  const media = mediaTypeOf(contentType);
  if (media === null) return { refused: UNSUPPORTED_MEDIA_TYPE };
  if (body === undefined || body.length === 0) return invalid('the body is empty: send the posted message');
  let text: string;
  try {
    text = decoder.decode(body);
  } catch {
    return invalid('the body is not valid UTF-8');
  }
  let message: string = text;
  if (media === 'application/json') {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return invalid('the body is not valid JSON');
    }
    const field =
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>).message
        : undefined;
    if (typeof field !== 'string')
      return invalid('a JSON body is an object with the message as "message", a string');
    message = field;
  }
  if (codePoints(message) > maxCharacters) return { refused: tooLarge(maxCharacters) };
  if (message.trim() === '') return invalid('the message is empty');
  return { message };
}

/** `text/plain` or `application/json` with no charset or a UTF-8 one, else null. */
function mediaTypeOf(header: string | undefined): (typeof MEDIA_TYPES)[number] | null {
  if (header === undefined) return null;
  const [type = '', ...parameters] = header.split(';');
  const media = MEDIA_TYPES.find((known) => known === type.trim().toLowerCase());
  if (media === undefined) return null;
  for (const parameter of parameters) {
    const eq = parameter.indexOf('=');
    if (eq === -1 || parameter.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    const charset = parameter
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
    if (!CHARSETS.has(charset)) return null;
  }
  return media;
}

/** Characters as openapi.yaml's maxLength counts them (code points), without an array of them. */
function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // The low half of a surrogate pair is the same character as the high half before it.
    if (unit < 0xdc00 || unit > 0xdfff || i === 0 || !isHigh(text.charCodeAt(i - 1))) count++;
  }
  return count;
}

function isHigh(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function invalid(reason: string): { refused: Prepared } {
  return { refused: prepareError(400, 'invalid_body', `Invalid body: ${reason}.`) };
}
