import type { InteractionOrigin } from './interaction.js';

/**
 * Rate limits as core uses them: who a request counts against, and whether it may go on. The
 * limiter itself (counters in the state store, shared by replicas) is src/ops/rate-limit.ts; the app
 * gives it to the pipeline, which answers a refused request with core/messages.ts's "slow down".
 */

/** Who a limit counts: a chat user, a workspace or server, or a client key of `carbon serve`. */
export type LimitScope = 'user' | 'workspace' | 'serviceKey';

export interface LimitSubject {
  scope: LimitScope;
  /** Stable and not secret: "slack:T0123:U0456", "discord:123". */
  id: string;
}

export type LimitDecision =
  | { allowed: true }
  | {
      allowed: false;
      /** The scope whose limit was reached. */
      scope: LimitScope;
      /** Whole seconds until a request would pass (at least 1): "try again in N s", the service's Retry-After. */
      retryAfterSeconds: number;
    };

export interface Limiter {
  /** Counts one request against each subject, in order, stopping at the first over its limit. */
  take(subjects: readonly LimitSubject[]): Promise<LimitDecision>;
}

/**
 * What one chat interaction counts against: its user (within the workspace: ids are only unique
 * there), then its workspace or server. A Discord user outside any server (a DM, a user-installed
 * app) counts against their own limit alone.
 */
export function chatSubjects(origin: InteractionOrigin): LimitSubject[] {
  const where = origin.workspaceId ?? '-';
  const subjects: LimitSubject[] = [];
  if (origin.userId !== null) {
    subjects.push({ scope: 'user', id: `${origin.platform}:${where}:${origin.userId}` });
  }
  if (origin.workspaceId !== null) {
    subjects.push({ scope: 'workspace', id: `${origin.platform}:${origin.workspaceId}` });
  }
  return subjects;
}
