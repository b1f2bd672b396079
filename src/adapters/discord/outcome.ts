import type { InteractionResponse } from './payloads.js';
import type { DiscordRest } from './rest.js';

export interface InteractionOutcome {
  response: InteractionResponse;
  /**
   * To call once the response has reached Discord: the pipeline then delivers what comes later
   * (a deferred answer, a shared post). Resolves when the interaction is fully answered; never throws.
   */
  after?: (rest: DiscordRest) => Promise<void>;
  /** To call when the response could not be sent: nothing may follow it up. */
  abandon?: (reason: string) => void;
  /**
   * A repeat of an interaction already answered (here or on another replica): nothing is sent. The
   * gateway drops it; HTTP answers 409, which only a replay ever sees (Discord has its answer).
   */
  duplicate?: true;
}
