import type { AnyMiddlewareArgs, App, Context } from '@slack/bolt';
import type { Logger } from 'pino';
import type { InteractionOrigin } from '../../core/interaction.js';
import type { AnswerOnce } from '../../core/once.js';

/**
 * Slack's identity of an interaction. Every user action Slack sends carries its own `trigger_id`
 * (slash commands, buttons, shortcuts, form submissions), and every event its `event_id`; Slack's
 * retries (`X-Slack-Retry-Num`) and a replay of a signed request within its five-minute signature
 * window carry the same one. That is the id claimed, so any replica answers it once.
 */

type Body = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Body)[key] : undefined;

/** The origin of a Slack request body, or null when it has nothing that identifies one action. */
export function slackOrigin(body: Body): InteractionOrigin | null {
  const event = field(body, 'event');
  const deliveryId = text(body.trigger_id) ?? text(body.event_id);
  if (deliveryId === null) return null;
  return {
    platform: 'slack',
    deliveryId,
    // Bolt refuses a request signed more than five minutes ago; the signature's time is not in the body.
    issuedAtMs: null,
    userId: text(body.user_id) ?? text(field(body.user, 'id')) ?? text(field(event, 'user')),
    // A workspace's own id; an organisation-wide install's events without one fall back to the organisation.
    workspaceId:
      text(body.team_id) ??
      text(field(body.team, 'id')) ??
      text(field(body.user, 'team_id')) ??
      text(body.enterprise_id) ??
      text(field(body.enterprise, 'id')),
    channelId:
      text(body.channel_id) ??
      text(field(body.channel, 'id')) ??
      text(field(body.container, 'channel_id')) ??
      text(field(event, 'channel')),
  };
}

const ORIGIN = 'carbonOrigin';

/** The origin the middleware found for this request, for the pipeline's limits and the claims. */
export function originIn(context: Context): InteractionOrigin | undefined {
  return context[ORIGIN] as InteractionOrigin | undefined;
}

/**
 * Global middleware: claims the request's delivery before any listener runs. A repeat (a retry, a
 * replay, the same request reaching another replica) is acknowledged with nothing and goes no
 * further, so Slack stops retrying and nobody is answered twice.
 */
export function registerAnswerOnce(app: App, once: AnswerOnce, logger: Logger): void {
  app.use(async (args: AnyMiddlewareArgs & { context: Context; next: () => Promise<void> }) => {
    const origin = slackOrigin(args.body as unknown as Body);
    if (origin === null) return args.next();
    args.context[ORIGIN] = origin;
    if (await once.firstDelivery(origin)) return args.next();
    const ack = (args as { ack?: () => Promise<void> }).ack;
    if (typeof ack === 'function') {
      await ack().catch((error: unknown) => logger.debug({ err: error }, 'could not acknowledge a repeat'));
    }
  });
}
