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

/**
 * A whole number from `min` to `max`, in digits only: Number() would read "0x1F4" as 500 and "1e3"
 * as 1000, which are typing mistakes in a count or a duration, not numbers anyone means. Unset or
 * blank, `fallback`. The message states the range, whatever was wrong.
 */
export const wholeNumber = (min: number, max: number, fallback: number, unit = '') => {
  const message = `must be a whole number${unit === '' ? '' : ` of ${unit}`} from ${min} to ${max}`;
  return blankIsUnset(
    z
      .string()
      .regex(/^\d{1,15}$/, message)
      .transform(Number)
      .pipe(z.number().min(min, message).max(max, message))
      .optional(),
  ).transform((value) => value ?? fallback);
};
