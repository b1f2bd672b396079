import { z } from 'zod';
import { defineRegistration } from '../config/registration.js';
import { blankIsUnset, wholeNumber } from '../config/schema.js';

/** A count per minute: a whole number; 0 turns that limit off. Digits only ("1e3" is a mistake). */
const perMinute = (fallback: number) =>
  blankIsUnset(
    z
      .string()
      .regex(/^\d{1,7}$/, 'must be a whole number (0 turns the limit off)')
      .transform(Number)
      .optional(),
  ).transform((value) => value ?? fallback);

/**
 * Limits shared by every replica (src/ops/rate-limit.ts, whose DEFAULT_LIMITS gives the reasons for
 * the defaults), and the upstream calls one command may make (src/core/upstream-budget.ts).
 */
export const operationsRegistration = defineRegistration({
  id: 'operations',
  kind: 'state',
  label: 'limits',
  env: {
    /** Commands one chat user may send a minute. */
    CARBON_LIMIT_USER_PER_MINUTE: perMinute(20),
    /** Commands one Slack workspace or Discord server may send a minute, all its users together. */
    CARBON_LIMIT_WORKSPACE_PER_MINUTE: perMinute(60),
    /** Requests one client key of `carbon serve` may make a minute. */
    CARBON_LIMIT_SERVICE_KEY_PER_MINUTE: perMinute(600),
    /** Requests to the GreenSwapp API one command may cause, retries included. */
    CARBON_API_CALLS_PER_COMMAND: wholeNumber(1, 1000, 30),
  },
  secrets: [],
  help: 'Limits (per minute, shared by replicas; 0 turns one off): CARBON_LIMIT_USER_PER_MINUTE (20), CARBON_LIMIT_WORKSPACE_PER_MINUTE (60), CARBON_LIMIT_SERVICE_KEY_PER_MINUTE (600); CARBON_API_CALLS_PER_COMMAND (30) bounds the API requests one command may cause.',
});
