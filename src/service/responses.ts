import { maxHeaderSize, type OutgoingHttpHeaders, STATUS_CODES } from 'node:http';
import type { Outcome } from '../ops/metrics.js';
import type { ErrorBody, ErrorCode } from './schemas.js';

/** A response ready to write: serialised once, so cached answers cost no JSON.stringify. */
export interface Prepared {
  readonly status: number;
  readonly headers: OutgoingHttpHeaders;
  readonly body: Buffer;
  /** How the metrics count it, where its status alone does not say (limits.ts outcomeOf). */
  readonly outcome?: Outcome;
}

export const ALLOW = 'GET, HEAD';
/** The one method of the routes that take a body (POST /menu). */
export const ALLOW_POST = 'POST';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Lookups are pure functions of the shipped catalog, so answers may be cached, but only privately:
 * they sit behind an API key that shared caches do not know to vary on.
 */
const SUCCESS_CACHE = 'private, max-age=3600';

export function prepareJson(status: number, value: unknown, extra: OutgoingHttpHeaders = {}): Prepared {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  return {
    status,
    body,
    headers: {
      'content-type': JSON_TYPE,
      'content-length': body.length,
      'cache-control': status === 200 ? SUCCESS_CACHE : 'no-store',
      'x-content-type-options': 'nosniff',
      ...extra,
    },
  };
}

export function prepareError(
  status: number,
  code: ErrorCode,
  message: string,
  suggestions: readonly string[] = [],
  extra: OutgoingHttpHeaders = {},
  /** Fields after the four every error has (a comparison's document, for `too_few`). */
  more: Omit<ErrorBody['error'], 'status' | 'code' | 'message' | 'suggestions'> = {},
): Prepared {
  const body: ErrorBody = { error: { status, code, message, suggestions: [...suggestions], ...more } };
  return prepareJson(status, body, extra);
}

/** Responses that never vary, built once at start-up. */
export const UNAUTHORIZED = prepareError(
  401,
  'unauthorized',
  'Send a valid API key in the x-api-key header.',
);
export const NOT_FOUND_PATH = prepareError(
  404,
  'not_found',
  'No such endpoint. Use GET /impact/product?product=…, GET /product?product=…, GET /recipe?recipe=…, GET /compare?options=… or POST /menu.',
);
export const METHOD_NOT_ALLOWED = prepareError(
  405,
  'method_not_allowed',
  'Only GET and HEAD are supported.',
  [],
  { allow: ALLOW },
);
export const POST_ONLY = prepareError(
  405,
  'method_not_allowed',
  'Only POST is supported: send the menu as the body.',
  [],
  { allow: ALLOW_POST },
);
export const INTERNAL = prepareError(500, 'internal', 'Something went wrong on our side. Try again later.');

/**
 * Answers for requests node:http's parser rejects before any handler runs. They are written to the
 * socket by hand (there is no ServerResponse), so they carry `connection: close` and the caller
 * closes the connection after them: the parser cannot resynchronise with the rest of the stream.
 */
const HEAD_LIMIT_KB = Math.round(maxHeaderSize / 1024);
const CLOSE = { connection: 'close' };
export const MALFORMED_REQUEST = prepareError(
  400,
  'malformed_request',
  'The request is not valid HTTP/1.1.',
  [],
  CLOSE,
);
export const REQUEST_TOO_LARGE = prepareError(
  431,
  'request_too_large',
  `The request line and headers are over ${HEAD_LIMIT_KB} KB. Names are at most 200 characters; check the URL and headers.`,
  [],
  CLOSE,
);
export const REQUEST_TIMEOUT = prepareError(
  408,
  'request_timeout',
  'The request took too long to arrive.',
  [],
  CLOSE,
);

/** Which answer a node:http client error gets (the same choice node:http makes on its own). */
export function clientErrorResponse(code: string | undefined): Prepared {
  if (code === 'HPE_HEADER_OVERFLOW') return REQUEST_TOO_LARGE;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return REQUEST_TIMEOUT;
  return MALFORMED_REQUEST;
}

/** A prepared answer as raw HTTP/1.1 bytes, for sockets that have no ServerResponse. */
export function rawHttp(prepared: Prepared): Buffer {
  const lines = [`HTTP/1.1 ${prepared.status} ${STATUS_CODES[prepared.status] ?? ''}`];
  for (const [name, value] of Object.entries(prepared.headers)) {
    if (value !== undefined) lines.push(`${name}: ${Array.isArray(value) ? value.join(', ') : value}`);
  }
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), prepared.body]);
}
