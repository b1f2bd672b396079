import type { z } from 'zod';

/**
 * What a source or an adapter tells the rest of the program about itself, without loading any of
 * its code: the environment variables it reads (as a zod shape, merged into the one EnvSchema), which
 * of them are secrets (redacted from logs), and how to configure it in words. Each lives in a
 * `registration.ts` beside the code it describes; config/registry.ts lists them all.
 */
export interface Registration<Shape extends z.ZodRawShape = z.ZodRawShape> {
  /** Stable id: a CARBON_SOURCE value for sources, the log's `adapter` field for adapters. */
  readonly id: string;
  /** `chat`: a platform `carbon start` connects to; `terminal` and `http`: other ways in; `state`: where state is kept. */
  readonly kind: 'source' | 'chat' | 'terminal' | 'http' | 'state';
  /** Human name, e.g. "Slack" or "GreenSwapp API". */
  readonly label: string;
  /** The environment variables it reads, each with its parsing and default. */
  readonly env: Shape;
  /** Variables (of `env`) whose values must never be logged. */
  readonly secrets: readonly (keyof Shape & string)[];
  /** How to turn it on, naming its variables; shown by `carbon --help` and when nothing is configured. */
  readonly help: string;
}

/** Checks a registration against its own shape, so `secrets` can only name variables it declares. */
export function defineRegistration<const Id extends string, Shape extends z.ZodRawShape>(
  registration: Registration<Shape> & { readonly id: Id },
): Registration<Shape> & { readonly id: Id } {
  return registration;
}
