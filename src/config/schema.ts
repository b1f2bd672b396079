import { z } from 'zod';

/**
 * Building blocks for the environment schemas that sources and adapters declare in their
 * registration.ts. Every one treats a blank value (`PORT=` in a .env file, or spaces) as unset.
 */

export const optionalString = z
  .string()
  .transform((value) => value.trim())
  .pipe(z.string())
  .optional()
  .transform((value) => (value === '' ? undefined : value));

export const optionalUrl = optionalString
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional())
  .transform((value) => value?.replace(/\/+$/, ''));

/** Discord's snowflake ids: digits only. */
export const optionalNumericId = optionalString.pipe(
  z
    .string()
    .regex(/^\d{5,25}$/, 'must be a numeric id')
    .optional(),
);

/** So the schema's default applies to a blank value; anything else is trimmed before `schema` sees it. */
export const blankIsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }, schema);
