import { createHash } from 'node:crypto';
import oauth, { type InstallURLOptions, InvalidStateError, type StateStore } from '@slack/oauth';
import type { StateStore as ClaimStore } from '../../core/state/store.js';

/** How long an install link works: Bolt's default lifetime of the state and of its cookie, ten minutes. */
export const STATE_TTL_S = 600;

/**
 * The install flow's state parameter: @slack/oauth's ClearStateStore (a token signed with
 * SLACK_STATE_SECRET, carrying its time, checked against the browser's cookie by the
 * InstallProvider) made single-use. A state is claimed in the shared store when it comes back, so
 * a redirect replayed within the ten minutes (another tab, a leaked URL, a retry reaching the
 * other replica) is refused instead of being exchanged a second time.
 */
export class SingleUseStateStore implements StateStore {
  private readonly signed: StateStore;

  constructor(
    secret: string,
    private readonly claims: Pick<ClaimStore, 'claim'>,
    private readonly ttlS = STATE_TTL_S,
  ) {
    this.signed = new oauth.ClearStateStore(secret, ttlS);
  }

  generateStateParam(installOptions: InstallURLOptions, now: Date): Promise<string> {
    return this.signed.generateStateParam(installOptions, now);
  }

  async verifyStateParam(now: Date, state: string): Promise<InstallURLOptions> {
    const options = await this.signed.verifyStateParam(now, state);
    const key = `slack:oauth-state:${createHash('sha256').update(state).digest('base64url')}`;
    if (!(await this.claims.claim(key, this.ttlS * 1000))) {
      throw new InvalidStateError('The state parameter has been used already');
    }
    return options;
  }
}
