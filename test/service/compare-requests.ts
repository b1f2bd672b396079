import { connect } from 'node:net';
import { afterAll } from 'vitest';
import { Metrics } from '../../src/ops/metrics.js';
import { ErrorBodySchema } from '../../src/service/schemas.js';
import type { Catalog } from '../../src/sources/catalog/index.js';
import { parseRawResponse, type Reply, type RunningTestService, send, startTestService } from './helpers.js';

/** What the tests of /compare and /menu share: the file's service, a menu, the two requests, the error body. */

export const MENU = 'Lunch today, reply by 11:\n• Dal makhani £9\n• Beef lasagne £12\n• Falafel wrap (v) £8';

/** A service with metrics for one test file, closed after its last test. Call it at the top level. */
export async function compareServiceForFile(catalog: Catalog): Promise<RunningTestService> {
  const metrics = new Metrics({
    commandKinds: ['product', 'recipe', 'compare', 'menu'],
    processMetrics: false,
  });
  const svc = await startTestService(catalog, { metrics });
  afterAll(async () => {
    await svc.close();
  });
  return svc;
}

export function postMenu(
  target: RunningTestService,
  body: string | Buffer,
  type: string | null = 'text/plain; charset=utf-8',
  key: string | null = target.key,
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (type !== null) headers['content-type'] = type;
  if (key !== null) headers['x-api-key'] = key;
  return send(target.port, '/menu', { method: 'POST', headers, body });
}

export const getCompare = (target: RunningTestService, text: string, headers?: Record<string, string>) =>
  target.get(`/compare?options=${encodeURIComponent(text)}`, headers);

export const errorOf = (reply: Reply) => ErrorBodySchema.parse(reply.json()).error;

/** Sends a request head announcing a body and no body; the answer the server gives without waiting for it. */
export function headersOnly(port: number, headers: Record<string, string>): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let raw = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      raw += chunk;
      const end = raw.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(raw)?.[1];
      if (end !== -1 && length !== undefined && Buffer.byteLength(raw.slice(end + 4)) >= Number(length)) {
        socket.destroy();
        resolve(parseRawResponse(raw));
      }
    });
    socket.on('error', reject);
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
    socket.write(`POST /menu HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines.join('\r\n')}\r\n\r\nDal\n`);
  });
}
