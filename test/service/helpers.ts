import { request } from 'node:http';
import type { Logger } from 'pino';
import { createLogger } from '../../src/logging/logger.js';
import { createService, type Service } from '../../src/service/index.js';
import type { Catalog } from '../../src/sources/catalog/types.js';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json(): unknown;
}

/** A pino logger at debug level whose lines land in `lines`, so tests can read what was logged. */
export function captureLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = createLogger({ level: 'debug', destination: { write: (line: string) => lines.push(line) } });
  return { logger, lines };
}

/**
 * Sends `path` exactly as given (no URL normalisation), so tests control the encoding byte for byte.
 */
export function send(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            json: () => JSON.parse(text) as unknown,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export interface RunningTestService {
  service: Service;
  port: number;
  key: string;
  lines: string[];
  get(path: string, headers?: Record<string, string>): Promise<Reply>;
  close(): Promise<void>;
}

export const TEST_KEY = 'test-key-0123456789-abcdefghij';

export async function startTestService(
  catalog: Catalog,
  options: { keys?: string[]; cacheSize?: number } = {},
): Promise<RunningTestService> {
  const { logger, lines } = captureLogger();
  const keys = options.keys ?? [TEST_KEY];
  const service = createService({ catalog, keys, logger, cacheSize: options.cacheSize });
  const { port } = await service.listen(0, '127.0.0.1');
  const key = keys[0]!;
  return {
    service,
    port,
    key,
    lines,
    get: (path, headers = { 'x-api-key': key }) => send(port, path, { headers }),
    close: () => service.close(),
  };
}
