import type { InteractionResponse } from './payloads.js';
import type { DiscordRest } from './rest.js';

/** How long the pipeline waits to hear that the first response reached Discord before giving up. */
const CONFIRM_TIMEOUT_MS = 10_000;

/**
 * Bridges the pipeline's callbacks to the transports' outcome: the pipeline hands over the first
 * response (`send`), the transport sends it (the HTTP reply, or a REST callback on the gateway) and
 * confirms with the REST client that later deliveries use. Until confirmed, nothing may edit or
 * follow up, since Discord would not know the interaction yet.
 */
export class FirstResponse {
  readonly response: Promise<InteractionResponse | null>;
  private resolveResponse!: (response: InteractionResponse | null) => void;
  private readonly sent: Promise<DiscordRest>;
  private resolveSent!: (rest: DiscordRest) => void;
  private rejectSent!: (error: Error) => void;
  private given = false;

  constructor() {
    this.response = new Promise((resolve) => {
      this.resolveResponse = resolve;
    });
    this.sent = new Promise((resolve, reject) => {
      this.resolveSent = resolve;
      this.rejectSent = reject;
    });
    // Nobody may be waiting on `sent` when the transport abandons it.
    this.sent.catch(() => undefined);
  }

  /** Hands the first response to the transport; resolves with the REST client once it was sent. */
  async send(response: InteractionResponse): Promise<DiscordRest> {
    if (this.given) throw new Error('the interaction was already answered');
    this.given = true;
    this.resolveResponse(response);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('the first response was not confirmed as sent')),
        CONFIRM_TIMEOUT_MS,
      );
      timer.unref();
    });
    try {
      return await Promise.race([this.sent, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The REST client, once the first response was sent. */
  rest(): Promise<DiscordRest> {
    return this.sent;
  }

  confirm(rest: DiscordRest): void {
    this.resolveSent(rest);
  }

  abandon(reason: string): void {
    this.rejectSent(new Error(reason));
  }

  /** The lifecycle ended without a first response (it should not); the transport gets null. */
  none(): void {
    this.resolveResponse(null);
  }
}
