import { AsyncLocalStorage } from 'node:async_hooks';
import { UpstreamBudgetError } from './errors.js';

/**
 * How many requests to the upstream API one command may cause. A comparison of ten options looks
 * each up as a dish and as a product, so a command can fan out to twenty lookups and their retries;
 * the budget makes that bound explicit and enforced where requests are sent, whatever the feature
 * (a comparison, a menu of ten lines, the next one). Cache hits and lookups shared with another
 * command in flight cost nothing.
 *
 * The budget travels with the command's asynchronous work (AsyncLocalStorage), so the API client
 * charges it without every feature in between passing it along. Work outside a command (a test, the
 * service's own lookups) has no budget and is not counted.
 */

interface Budget {
  readonly limit: number;
  used: number;
}

const current = new AsyncLocalStorage<Budget>();

/** Runs `work` as one command allowed `limit` upstream requests. */
export function withUpstreamBudget<T>(limit: number, work: () => Promise<T>): Promise<T> {
  return current.run({ limit, used: 0 }, work);
}

/** Counts one upstream request against the running command's budget; throws once it is spent. */
export function chargeUpstreamCall(): void {
  const budget = current.getStore();
  if (budget === undefined) return;
  if (budget.used >= budget.limit) throw new UpstreamBudgetError(budget.limit);
  budget.used += 1;
}

/** Requests the running command has sent so far (null outside a command): for its log line. */
export function upstreamCallsSoFar(): number | null {
  return current.getStore()?.used ?? null;
}
