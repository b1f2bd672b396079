import { MAX_NAME_LENGTH, normaliseName } from '../core/command.js';
import { InvalidInputError } from '../core/errors.js';

/**
 * Reads one required name parameter from a raw query string (without the leading "?").
 *
 * Decoding is done by hand rather than with URLSearchParams because URLSearchParams silently turns
 * malformed percent-encoding such as `%E0%A4%A` into U+FFFD; a name nobody typed must be a 400, not
 * a confusing 404. `+` and `%20` both decode to a space, as in HTML forms.
 *
 * A parameter given more than once is a 400: silently picking one of two names would answer a
 * question the client may not have meant to ask. Other parameters are ignored.
 */
export function readNameParam(rawQuery: string, name: string): string {
  // No limit as sent here: nameFromParam applies the name limit with its own wording.
  return nameFromParam(readParam(rawQuery, name, Number.POSITIVE_INFINITY), name);
}

/**
 * The decoded value of one required parameter, as sent, at most `maxLength` characters (code
 * points, as openapi.yaml's maxLength counts): the once-only and required rules of readNameParam,
 * without making a name of it (an ingredient list keeps its line breaks).
 */
export function readParam(rawQuery: string, name: string, maxLength: number): string {
  let value: string | undefined;
  let seen = false;
  if (rawQuery !== '') {
    for (const pair of rawQuery.split('&')) {
      if (pair === '') continue;
      const eq = pair.indexOf('=');
      const key = decode(eq === -1 ? pair : pair.slice(0, eq));
      if (key !== name) continue;
      if (seen) throw new InvalidInputError(`give the "${name}" parameter only once`);
      seen = true;
      value = eq === -1 ? '' : decode(pair.slice(eq + 1));
    }
  }
  if (value === undefined) throw new InvalidInputError(`the "${name}" query parameter is required`);
  if ([...value].length > maxLength) {
    throw new InvalidInputError(`"${name}" is limited to ${maxLength} characters`);
  }
  return value;
}

/** A parameter's value as a name: at most MAX_NAME_LENGTH characters as sent, then normalised. */
export function nameFromParam(value: string, name: string): string {
  // Measured as sent, in characters (code points), as openapi.yaml's maxLength does: a limit that
  // only applied after whitespace collapses would accept names the document refuses.
  if ([...value].length > MAX_NAME_LENGTH) {
    throw new InvalidInputError(`"${name}": names are limited to ${MAX_NAME_LENGTH} characters`);
  }
  try {
    return normaliseName(value);
  } catch (error) {
    if (error instanceof InvalidInputError) {
      throw new InvalidInputError(`"${name}": ${error.reason}`);
    }
    throw error;
  }
}

function decode(component: string): string {
  const spaced = component.includes('+') ? component.replaceAll('+', ' ') : component;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    throw new InvalidInputError('the query string has malformed percent-encoding');
  }
}
