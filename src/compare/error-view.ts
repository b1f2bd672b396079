import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../core/errors.js';
import type { ErrorView } from '../core/messages.js';

/** core/messages.ts ErrorView as a schema, so a CompareResult validates whole. */
export const ErrorViewSchema = z.object({
  code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
  text: z.string(),
  hint: z.string().nullable(),
  suggestions: z.array(z.string()),
  retryAfterSeconds: z.number().nullable(),
}) satisfies z.ZodType<ErrorView>;
