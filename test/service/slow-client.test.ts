import { connect } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { silentLogger } from '../../src/logging/logger.js';
import { createService, type Service } from '../../src/service/index.js';
import { throwingCatalog } from '../support/stub-catalog.js';
import { compareOver } from './helpers.js';

const services: Service[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
});

it('cuts a client that never finishes its headers at the configured timeout, not at 30 s (issue #9 fault)', async () => {
  const catalog = throwingCatalog(new Error('unused'));
  const service = createService({
    catalog,
    compare: compareOver(catalog),
    keys: ['k'],
    logger: silentLogger(),
    headersTimeoutMs: 500,
    requestTimeoutMs: 800,
  });
  services.push(service);
  const { port } = await service.listen(0, '127.0.0.1');
  const socket = connect(port, '127.0.0.1');
  socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
  const closed = new Promise<string>((resolve) => {
    socket.on('data', () => {});
    socket.on('close', () => resolve('closed'));
    socket.on('error', () => {});
  });
  // Node's default checks timeouts every 30 s, so before the fix the socket stayed open far past 5 s.
  const outcome = await Promise.race([
    closed,
    new Promise<string>((resolve) => setTimeout(() => resolve('still open after 5 s'), 5_000)),
  ]);
  socket.destroy();
  expect(outcome).toBe('closed');
}, 10_000);
