import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { LookupCancelledError, UpstreamError, UpstreamTimeoutError } from '../../../src/core/errors.js';
import { failure, fakeGreenSwappForFile } from '../../support/api-source-harness.js';

const { fake, apiSource } = await fakeGreenSwappForFile();

describe('retries and failures', () => {
  it('retries a 500 once and succeeds', async () => {
    fake.respondOnce({ status: 500, body: 'Internal Server Error' });
    const result = await apiSource().lookupRecipe('lasagne');
    expect(result.name).toBe('lasagne');
    expect(fake.requests).toHaveLength(2);
  });

  it('gives UpstreamError after two 5xx, with no third attempt', async () => {
    fake.respondOnce({ status: 503 }, { status: 502 }, { status: 500 });
    const error = await failure(apiSource().lookupRecipe('lasagne'));
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).status).toBe(502);
    expect(fake.requests).toHaveLength(2);
  });

  it('retries a connection reset mid-body once and succeeds', async () => {
    fake.respondOnce({ destroyMidBody: true });
    const result = await apiSource().lookupProduct('oat milk');
    expect(result.kgCo2ePerUnit).toBe(0.9);
    expect(fake.requests).toHaveLength(2);
  });

  it('gives UpstreamError when the connection is reset twice', async () => {
    fake.respondOnce({ destroyMidBody: true }, { destroyBeforeHeaders: true });
    const error = await failure(apiSource().lookupProduct('oat milk'));
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).not.toBeInstanceOf(UpstreamTimeoutError);
    expect(fake.requests).toHaveLength(2);
  });

  it('gives UpstreamError when the connection is refused', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(apiSource({ trialUrl: `http://127.0.0.1:${port}` }).lookupRecipe('lasagne'));
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('times out a server that never answers, without retrying past the deadline', async () => {
    fake.respondWith({ delayMs: 5_000 });
    const error = await failure(apiSource({ timeoutMs: 200 }).lookupRecipe('lasagne'));
    expect(error).toBeInstanceOf(UpstreamTimeoutError);
    expect((error as UpstreamTimeoutError).timeoutMs).toBe(200);
    expect(fake.requests).toHaveLength(1);
  });

  it('times out a body that trickles in past the deadline', async () => {
    fake.respondWith({ slowBodyMs: 5_000 });
    const error = await failure(apiSource({ timeoutMs: 200 }).lookupProduct('oat milk'));
    expect(error).toBeInstanceOf(UpstreamTimeoutError);
    expect(fake.requests).toHaveLength(1);
  });

  it('does not retry when the backoff would outlast the deadline', async () => {
    fake.respondOnce({ status: 500 });
    const source = apiSource({ timeoutMs: 200, retry: { minDelayMs: 5_000, maxDelayMs: 5_000 } });
    expect(await failure(source.lookupRecipe('lasagne'))).toBeInstanceOf(UpstreamError);
    expect(fake.requests).toHaveLength(1);
  });

  it('stops when the caller aborts, passing a CarbonError reason through', async () => {
    fake.respondWith({ delayMs: 5_000 });
    const source = apiSource();
    const controller = new AbortController();
    const pending = failure(source.lookupRecipe('lasagne', { signal: controller.signal }));
    const reason = new UpstreamTimeoutError(2_500);
    setTimeout(() => controller.abort(reason), 20);
    expect(await pending).toBe(reason);
    const plain = failure(source.lookupRecipe('lasagne', { signal: AbortSignal.abort() }));
    expect(await plain).toBeInstanceOf(LookupCancelledError);
  });
});
