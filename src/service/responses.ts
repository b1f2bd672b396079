import type { OutgoingHttpHeaders } from 'node:http';
import type { ErrorBody, ErrorCode } from './schemas.js';

/** A response ready to write: serialised once, so cached answers cost no JSON.stringify. */
export interface Prepared {
  readonly status: number;
  readonly headers: OutgoingHttpHeaders;
  readonly body: Buffer;
}

export const ALLOW = 'GET, HEAD';

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
): Prepared {
  const body: ErrorBody = { error: { status, code, message, suggestions: [...suggestions] } };
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
  'No such endpoint. Use GET /impact/product?product=…, GET /product?product=… or GET /recipe?recipe=….',
);
export const METHOD_NOT_ALLOWED = prepareError(
  405,
  'method_not_allowed',
  'Only GET and HEAD are supported.',
  [],
  { allow: ALLOW },
);
export const INTERNAL = prepareError(500, 'internal', 'Something went wrong on our side. Try again later.');
