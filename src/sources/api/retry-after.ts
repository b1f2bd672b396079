/** Longest wait we pass on to users; a hostile or buggy header must not say "try again in a week". */
export const MAX_RETRY_AFTER_SECONDS = 300;

/**
 * Retry-After as whole seconds from now: either delay-seconds or an HTTP-date (RFC 9110 §10.2.3).
 * Returns null when absent or unreadable; dates in the past give 0.
 */
export function parseRetryAfter(
  value: string | string[] | undefined,
  now: number = Date.now(),
  maxSeconds: number = MAX_RETRY_AFTER_SECONDS,
): number | null {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return null;
  let seconds: number;
  if (/^\d+$/.test(text)) {
    seconds = Number(text);
  } else {
    const at = Date.parse(text);
    if (Number.isNaN(at) || !/[a-z]/i.test(text)) return null;
    seconds = Math.ceil((at - now) / 1000);
  }
  return Math.min(Math.max(seconds, 0), maxSeconds);
}
