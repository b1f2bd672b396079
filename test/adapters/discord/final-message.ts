import { expect } from 'vitest';
import type { FakeDiscord } from '../../support/fake-discord.js';
import type { InteractionPayload } from '../../support/fake-discord-payloads.js';

/** The message a Discord interaction's user finally sees, as the gateway tests read it. */

export type Message = {
  content?: string;
  embeds: { title?: string; description?: string; fields?: { name: string; value: string }[] }[];
  components: { components: { custom_id: string; label: string }[] }[];
  flags?: number;
  allowed_mentions: unknown;
};

/** The embeds without their footer, whose source line may echo the query: what two copies of an answer both say. */
export function withoutFooter(embeds: Message['embeds']) {
  return embeds.map(({ footer: _footer, ...rest }: Message['embeds'][number] & { footer?: unknown }) => rest);
}

/** The answer the user finally sees: the immediate response, or the edit of a deferral. */
export async function finalMessage(fake: FakeDiscord, payload: InteractionPayload): Promise<Message> {
  const callback = await fake.waitForCallback(payload.id);
  if (callback.body.type === 4) return callback.body.data as unknown as Message;
  expect(callback.body.type).toBe(5);
  const edit = await fake.waitForWebhook(payload.token, 'PATCH');
  return { ...(edit.body as unknown as Message), flags: (callback.body.data as { flags?: number }).flags };
}
