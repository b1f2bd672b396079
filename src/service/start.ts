import type { Logger } from 'pino';
import type { Config } from '../config/env.js';
import { loadCatalog } from '../sources/catalog/index.js';
import type { Catalog } from '../sources/catalog/types.js';
import { resolveKeys } from './keys.js';
import { createService, type Service } from './service.js';

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = '0.0.0.0';

export interface StartOptions {
  /** Defaults to the built-in catalog. */
  catalog?: Catalog;
  /** Where the generated key is announced; stdout, because the logger must never carry a key. */
  print?: (line: string) => void;
}

export interface RunningService extends Service {
  url: string;
}

/**
 * `carbon serve`: resolves keys, loads the catalog and listens on PORT (8787) and HOST (0.0.0.0).
 * With no CARBON_SERVICE_KEYS a key is generated for this run and printed once, so a first try
 * works without configuration yet nothing is ever open without a key.
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
  const service = createService({ catalog, keys, logger });
  const address = await service.listen(config.PORT ?? DEFAULT_PORT, config.HOST ?? DEFAULT_HOST);
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  if (generated !== null) {
    const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
    print(`carbon serve: no CARBON_SERVICE_KEYS set; generated API key for this run: ${generated}`);
  }
  logger.info(
    { url, keys: keys.length, generatedKey: generated !== null, catalog: catalog.stats, loadMs },
    'carbon serve listening',
  );
  return { ...service, url };
}
