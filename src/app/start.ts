import type { AddressInfo } from 'node:net';
import type { Readable, Writable } from 'node:stream';
import type { Logger } from 'pino';
import type { AdapterContext, AdapterStarter, RunningAdapter } from '../adapters/context.js';
import { runShell } from '../adapters/shell/index.js';
import type { Config } from '../config/env.js';
import { CHAT_PLATFORMS } from '../config/registry.js';
import { MemoryStateStore } from '../core/state/memory-store.js';
import type { StateStore } from '../core/state/store.js';
import { BotHttpServer } from '../server/bot-http.js';
import { createSource, type SelectedSource } from '../sources/select.js';
import type { Database } from '../store/sql.js';
import { SqlStateStore } from '../store/sql-state-store.js';
import { chatOperations } from './operations.js';
import { DEFAULT_ADAPTERS } from './platforms.js';
import { createCommandServices } from './services.js';
import { type AppState, DeferredDatabase, DeferredStateStore, openAppState } from './state.js';

export const DEFAULT_PORT = 3000;

export interface StartOptions {
  config: Config;
  logger: Logger;
  input?: Readable;
  output?: Writable;
  /** Open the local shell when no chat platform is configured; defaults to "stdin and stdout are a TTY". */
  interactive?: boolean;
  /** Slack and Discord unless a test passes its own. */
  adapters?: readonly AdapterStarter[];
  /** Pre-built source (tests); otherwise chosen from the config. */
  source?: SelectedSource;
  /**
   * Where interaction state is kept. Unless given, the configured database (DATABASE_URL, or the
   * embedded one in CARBON_DATA_DIR) is opened once a chat platform has started; the local shell
   * keeps no state and opens none.
   */
  store?: StateStore;
  /** The state database behind `store`, when there is one: Slack's OAuth installations live in it. */
  database?: Database;
  /** Stop on SIGINT/SIGTERM. Off in tests, which call stop() themselves. */
  handleSignals?: boolean;
  /** Called just before the local shell opens, e.g. to quieten logs that would share the terminal. */
  beforeShell?: () => void;
}

export interface StartedApp {
  /** `bot`: adapters running; `shell`: local shell; `idle`: nothing configured and no terminal. */
  mode: 'bot' | 'shell' | 'idle';
  adapters: readonly RunningAdapter[];
  /** Where the shared HTTP server listens, when an adapter needed it. */
  address: AddressInfo | null;
  /** Settles once everything has stopped. */
  done: Promise<void>;
  stop(): Promise<void>;
}

/**
 * `carbon start`: every configured chat adapter on one shared HTTP server. With none configured, a
 * terminal gets the local shell so a fresh `npm start` does something useful.
 */
export async function startApp(options: StartOptions): Promise<StartedApp> {
  const { config, logger } = options;
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  // Every dependency is built here, once, and handed to whatever runs: the adapters or the shell.
  // An injected database without a store (tests) carries the store too.
  const injected =
    options.store ?? (options.database === undefined ? undefined : new SqlStateStore(options.database));
  const deferred = injected === undefined ? new DeferredStateStore() : null;
  const store: StateStore = injected ?? deferred!;
  // The database behind the store, for what is kept outside it (Slack's installations): the one
  // injected with an injected store, or the configured one, which opens with the store.
  const deferredDatabase = deferred === null ? null : new DeferredDatabase(config);
  const database: Database | undefined = options.database ?? deferredDatabase ?? undefined;
  // What stopping releases: an injected store is closed here too, as before; an opened database once open.
  let state: AppState = { store, database: null, close: () => store.close() };
  let selected: SelectedSource | null = options.source ?? null;
  const operations = chatOperations(config, logger, store, {
    // A database answers its ping; an injected store alone (tests) is as reachable as the process.
    ping: async () => (state.database ?? options.database)?.ping(),
    catalogLoaded: () => selected?.suggester != null,
  });
  selected ??= createSource(config, logger, { store, telemetry: operations.metrics });
  const services = createCommandServices(selected.source, logger, {
    upstreamCallsPerCommand: config.CARBON_API_CALLS_PER_COMMAND,
    telemetry: operations.metrics,
  });
  const http = new BotHttpServer(logger, { probes: operations.probes, metrics: operations.metrics });
  const context: AdapterContext = {
    config,
    logger,
    services,
    store,
    interactions: operations.interactions,
    ...(database === undefined ? {} : { database }),
    suggester: selected.suggester,
    http,
  };

  const running: RunningAdapter[] = [];
  try {
    for (const starter of options.adapters ?? DEFAULT_ADAPTERS) {
      const adapter = await starter(context);
      if (adapter !== null) running.push(adapter);
    }
    if (running.length > 0 && deferred !== null) {
      // Migrated before anything is answered: a database that cannot be opened stops the start.
      try {
        state = await openAppState(config, logger, operations.metrics);
      } catch (error) {
        deferred.fail(error);
        deferredDatabase?.fail(error);
        throw error;
      }
      deferred.attach(state.store);
      if (state.database !== null) deferredDatabase?.attach(state.database);
    }
  } catch (error) {
    await shutdown(running, http, selected, state, logger);
    throw error;
  }

  if (running.length === 0) {
    // The shell keeps nothing worth a database; what the source remembers (a cool-down) stays in memory.
    deferred?.attach(new MemoryStateStore());
    deferredDatabase?.fail(new Error('no state database is open: no chat platform runs'));
    const interactive = options.interactive ?? Boolean(isTty(input) && isTty(output));
    if (!interactive) {
      output.write(`${notConfiguredMessage(selected.description)}\n`);
      await Promise.all([selected.close(), state.close()]);
      return idle();
    }
    options.beforeShell?.();
    const abort = new AbortController();
    const done = runShell({
      input,
      output,
      services,
      logger,
      banner: shellBanner(selected.description, true),
      interactive: true,
      signal: abort.signal,
    }).finally(() => Promise.all([selected.close(), state.close()]).then(() => undefined));
    const stop = () => {
      abort.abort();
      return done;
    };
    return { mode: 'shell', adapters: [], address: null, done, stop };
  }

  let address: AddressInfo | null = null;
  // /healthz alone is not worth a port: Socket Mode and the Discord gateway need no inbound HTTP.
  if (http.routeCount > 1) {
    try {
      address = await http.listen(config.PORT ?? DEFAULT_PORT, config.HOST ?? '0.0.0.0');
    } catch (error) {
      await shutdown(running, http, selected, state, logger);
      throw error;
    }
  }
  logger.info(
    {
      adapters: running.map((adapter) => adapter.description),
      source: selected.description,
      port: address?.port ?? null,
    },
    `carbon running: ${running.map((adapter) => adapter.description).join(', ')}`,
  );

  let stopping: Promise<void> | null = null;
  let resolveDone: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    resolveDone = resolve;
  });
  const stop = (): Promise<void> => {
    stopping ??= shutdown(running, http, selected, state, logger).finally(() => {
      removeSignals();
      resolveDone();
    });
    return stopping;
  };
  const removeSignals = options.handleSignals ? onShutdownSignal(logger, stop) : () => {};
  return { mode: 'bot', adapters: running, address, done, stop };
}

/**
 * Readiness fails first, so a load balancer sends nothing new; then every adapter stops at once
 * (each gives its work in flight the same grace, so stopping takes one grace, not one per
 * platform), asked in reverse start order; one failing step must not keep the rest running.
 */
async function shutdown(
  running: readonly RunningAdapter[],
  http: BotHttpServer,
  selected: SelectedSource,
  state: AppState,
  logger: Logger,
): Promise<void> {
  http.failReadiness();
  await Promise.all(
    [...running].reverse().map((adapter) =>
      adapter.stop().catch((error: unknown) => {
        logger.warn({ err: error, adapter: adapter.name }, 'adapter did not stop cleanly');
      }),
    ),
  );
  await http
    .close()
    .catch((error: unknown) => logger.warn({ err: error }, 'HTTP server did not close cleanly'));
  await selected
    .close()
    .catch((error: unknown) => logger.warn({ err: error }, 'source did not close cleanly'));
  await state
    .close()
    .catch((error: unknown) => logger.warn({ err: error }, 'state store did not close cleanly'));
}

/**
 * First signal stops gracefully; a second one, or a stop that hangs, exits at once so Ctrl-C always
 * works.
 */
export function onShutdownSignal(logger: Logger, stop: () => Promise<void>, graceMs = 10_000): () => void {
  let received = false;
  const handler = (signal: NodeJS.Signals) => {
    if (received) {
      logger.warn({ signal }, 'second signal, exiting now');
      process.exit(1);
    }
    received = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error({ graceMs }, 'shutdown took too long, exiting');
      process.exit(1);
    }, graceMs).unref();
    void stop();
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}

function idle(): StartedApp {
  return { mode: 'idle', adapters: [], address: null, done: Promise.resolve(), stop: async () => {} };
}

function isTty(stream: Readable | Writable): boolean {
  return (stream as { isTTY?: boolean }).isTTY === true;
}

const CONNECT_HELP = [
  ...CHAT_PLATFORMS.map((platform) => platform.help),
  'Put the variables in .env (copy .env.example) or the environment, then run `npm start` again.',
];

export function notConfiguredMessage(sourceDescription: string): string {
  return [
    'carbon: no chat platform is configured, so there is nothing to start.',
    ...CONNECT_HELP,
    `Lookups would use the ${sourceDescription}. Try one now: npx carbon product "oat milk", or open the local shell with npx carbon shell.`,
  ].join('\n');
}

export function shellBanner(sourceDescription: string, noPlatform: boolean): string {
  const lines = [
    `carbon local shell. Answers come from the ${sourceDescription}.`,
    'Type what you would type after /carbon in chat, e.g. "product oat milk" or "recipe lasagne"; "help" lists the commands; "exit" or Ctrl-D leaves.',
  ];
  if (noPlatform) lines.push('', 'No chat platform is configured yet.', ...CONNECT_HELP);
  return `${lines.join('\n')}\n`;
}
