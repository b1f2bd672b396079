import type { Logger } from 'pino';
import type { Config } from '../config/env.js';
import { MemoryStateStore } from '../core/state/memory-store.js';
import type { StateStore } from '../core/state/store.js';
import { InstrumentedStateStore } from '../ops/instrumented-store.js';
import { limiterFor } from '../ops/limits-config.js';
import { Metrics } from '../ops/metrics.js';
import { Probes, standardChecks } from '../ops/probes.js';
import { loadCatalog } from '../sources/catalog/index.js';
import type { Catalog } from '../sources/catalog/types.js';
import { openStore } from '../store/open.js';
import { resolveKeys } from './keys.js';
import { createService, type Service } from './service.js';

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = '0.0.0.0';

export interface StartOptions {
  /** Defaults to the built-in catalog. */
  catalog?: Catalog;
  /** Where the generated key is announced; stdout, because the logger must never carry a key. */
  print?: (line: string) => void;
  /** Where per-key limit counters are kept (tests); otherwise as DATABASE_URL says, see startService. */
  store?: StateStore;
}

export interface RunningService extends Service {
  url: string;
}

/**
 * `carbon serve`: resolves keys, loads the catalog and listens on PORT (8787) and HOST (0.0.0.0).
 * With no CARBON_SERVICE_KEYS a key is generated for this run and printed once, so a first try
 * works without configuration yet nothing is ever open without a key.
 *
 * Per-key limits count in PostgreSQL when DATABASE_URL is set, so replicas share them; otherwise in
 * this process's memory. The service keeps nothing else, and a minute's counters are not worth the
 * embedded database (its memory, and its one process per data directory, which `carbon start` on the
 * same machine holds).
 */
export async function startService(
  config: Config,
  logger: Logger,
  options: StartOptions = {},
): Promise<RunningService> {
  const { keys, generated } = resolveKeys(config.CARBON_SERVICE_KEYS);
  const started = performance.now();
  const catalog = options.catalog ?? loadCatalog(undefined, { basis: config.CARBON_BASIS });
  const loadMs = Math.round(performance.now() - started);
  const metrics = new Metrics({ commandKinds: ['product', 'recipe'] });
  const opened =
    options.store === undefined && config.DATABASE_URL !== undefined
      ? await openStore(config, { logger, sweep: { onError: () => metrics.storeError('sweep') } })
      : null;
  const store: StateStore =
    options.store ??
    (opened === null ? new MemoryStateStore() : new InstrumentedStateStore(opened.state, metrics));
  const limiter = limiterFor(store, config, ['serviceKey']);
  const probes = new Probes(
    standardChecks({
      ...(opened === null ? {} : { database: opened.database }),
      catalogLoaded: () => catalog.stats.products > 0,
    }),
    {
      onFailure: (name, error) => logger.warn({ err: error, check: name }, 'readiness check failed'),
    },
  );
  const service = createService({
    catalog,
    keys,
    logger,
    metrics,
    probes,
    ...(limiter === null ? {} : { limiter }),
  });
  const closeService = service.close;
  service.close = async () => {
    await closeService();
    await (opened === null ? store.close() : opened.close());
  };
  let address: Awaited<ReturnType<Service['listen']>>;
  try {
    address = await service.listen(config.PORT ?? DEFAULT_PORT, config.HOST ?? DEFAULT_HOST);
  } catch (error) {
    await service.close();
    throw error;
  }
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  if (generated !== null) {
    const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
    print(`carbon serve: no CARBON_SERVICE_KEYS set; generated API key for this run: ${generated}`);
  }
  logger.info(
    {
      url,
      keys: keys.length,
      generatedKey: generated !== null,
      catalog: catalog.stats,
      loadMs,
      limits:
        limiter === null ? 'off' : opened === null ? 'this process' : `shared (${opened.database.location})`,
    },
    'carbon serve listening',
  );
  return { ...service, url };
}
