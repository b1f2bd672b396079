import { request, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Logger } from 'pino';
import { createLogger } from '../../src/logging/logger.js';
import { createService, type Service } from '../../src/service/index.js';
import type { ServiceOptions } from '../../src/service/service.js';
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

/** One raw HTTP/1.1 response (head and body as received) as a Reply. */
export function parseRawResponse(raw: string): Reply {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const text = end === -1 ? '' : raw.slice(end + 4);
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    status: Number(statusLine.split(' ')[1] ?? 0),
    headers,
    text,
    json: () => JSON.parse(text) as unknown,
  };
}

/** Everything the server sends on `socket` until it closes the connection. */
function readUntilClose(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('the server did not close the connection within 5 s'));
    }, 5_000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
  });
}

/**
 * Writes `data` to a fresh TCP connection as it is (no HTTP client in between, so it may be
 * malformed) and parses the one response the server sends before closing the connection.
 */
export async function rawExchange(port: number, data: string | Buffer): Promise<Reply> {
  const socket = connect({ host: '127.0.0.1', port });
  const raw = readUntilClose(socket);
  socket.end(data);
  return parseRawResponse(await raw);
}

/**
 * Sends half a request head, then raises on the server the `clientError` node:http raises when a
 * head arrives too slowly (its timeouts are only checked every 30 s, too slow for a test), and
 * returns the answer.
 */
export async function requestTimeoutExchange(server: Server, port: number): Promise<Reply> {
  const serverSide = new Promise<Socket>((resolve) => server.once('connection', resolve));
  const socket = connect({ host: '127.0.0.1', port });
  const raw = readUntilClose(socket);
  socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
  const error = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
  server.emit('clientError', error, await serverSide);
  return parseRawResponse(await raw);
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
  options: Pick<ServiceOptions, 'limiter' | 'metrics' | 'probes'> & {
    keys?: string[];
    cacheSize?: number;
  } = {},
): Promise<RunningTestService> {
  const { logger, lines } = captureLogger();
  const { keys = [TEST_KEY], cacheSize, ...operations } = options;
  const service = createService({ catalog, keys, logger, cacheSize, ...operations });
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
