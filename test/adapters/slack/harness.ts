import { Writable } from 'node:stream';
import type { RunningAdapter } from '../../../src/adapters/context.js';
import { createSlackStarter, type SlackAdapterOptions } from '../../../src/adapters/slack/index.js';
import { parseConfig } from '../../../src/config/env.js';
import type { LookupSource } from '../../../src/core/source.js';
import type { StateStore } from '../../../src/core/state/store.js';
import { createLogger, type Logger } from '../../../src/logging/logger.js';
import { BotHttpServer } from '../../../src/server/bot-http.js';
import { FakeSlack } from '../../support/fake-slack.js';
import { answering } from '../../support/services.js';

export const BOT_TOKEN = 'xoxb-1111-2222-secretbottoken';
export const SIGNING_SECRET = 'signing-secret-0123456789abcdef';
export const APP_TOKEN = 'xapp-1-A0000001-3333-secretapptoken';

/** Every log line the adapter writes, to assert on and to prove no secret is printed. */
export class LogCapture {
  readonly lines: string[] = [];
  private waiters: { text: string; resolve: () => void }[] = [];
  readonly logger: Logger;

  constructor() {
    const stream = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        const line = chunk.toString();
        this.lines.push(line);
        this.waiters = this.waiters.filter((waiter) => {
          if (!line.includes(waiter.text)) return true;
          waiter.resolve();
          return false;
        });
        done();
      },
    });
    this.logger = createLogger({ level: 'debug', destination: stream });
  }

  get text(): string {
    return this.lines.join('');
  }

  async waitFor(text: string): Promise<void> {
    if (this.text.includes(text)) return;
    await new Promise<void>((resolve) => this.waiters.push({ text, resolve }));
  }
}

export interface Harness {
  fake: FakeSlack;
  http: BotHttpServer;
  adapter: RunningAdapter;
  logs: LogCapture;
  eventsUrl: string;
  close(): Promise<void>;
}

export async function startHarness(
  source: LookupSource,
  mode: 'http' | 'socket',
  options: SlackAdapterOptions = { ackBudgetMs: 100, retries: 0 },
  shared: { store?: StateStore; fake?: FakeSlack } = {},
): Promise<Harness> {
  const fake = shared.fake ?? (await new FakeSlack().start());
  const logs = new LogCapture();
  const http = new BotHttpServer(logs.logger);
  const config = parseConfig({
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: fake.apiUrl,
    ...(mode === 'socket' ? { SLACK_APP_TOKEN: APP_TOKEN } : {}),
  });
  const adapter = await createSlackStarter(options)({
    config,
    logger: logs.logger,
    ...answering(source, logs.logger, shared.store),
    suggester: null,
    http,
  });
  if (adapter === null) throw new Error('Slack adapter did not start');
  const address = await http.listen(0, '127.0.0.1');
  return {
    fake,
    http,
    adapter,
    logs,
    eventsUrl: `http://127.0.0.1:${address.port}/slack/events`,
    close: async () => {
      await adapter.stop();
      await http.close();
      // A fake shared with another harness is closed by whoever made it.
      if (shared.fake === undefined) await fake.close();
    },
  };
}
