import { z } from 'zod';
import type { ErrorView } from '../core/messages.js';

/** core/messages.ts ErrorView as a schema, so a CompareResult validates whole. */
export const ErrorViewSchema = z.object({
  code: z.string(),
  text: z.string(),
  hint: z.string().nullable(),
  suggestions: z.array(z.string()),
  retryAfterSeconds: z.number().nullable(),
}) satisfies z.ZodType<ErrorView>;
