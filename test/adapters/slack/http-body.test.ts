import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slashCommandForm } from '../../support/fake-slack-payloads.js';
import { signSlackRequest } from '../../support/fake-slack-protocol.js';
import { type Harness, SIGNING_SECRET, startHarness } from './harness.js';
import { ScriptedSource } from './scripted-source.js';

// Split from http.test.ts: how /slack/events reads a body before Bolt verifies it.
const source = new ScriptedSource();
let h: Harness;

beforeAll(async () => {
  h = await startHarness(source, 'http');
});
afterAll(async () => {
  await h.close();
});

/**
 * A request with a chunked body (no content-length) that keeps sending 64 KiB chunks until the bot
 * answers or `maxBytes` are sent; resolves with the status, or with the error if the socket dies first.
 */
function sendChunked(url: string, maxBytes: number): Promise<{ status: number | null; sent: number }> {
  return new Promise((resolve) => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    let answered = false;
    const req = request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': String(Math.floor(Date.now() / 1000)),
        'x-slack-signature': 'v0=0',
      },
    });
    req.on('response', (res) => {
      answered = true;
      res.resume();
      resolve({ status: res.statusCode ?? null, sent });
      req.destroy();
    });
    req.on('error', () => {
      if (!answered) resolve({ status: null, sent });
    });
    const pump = (): void => {
      while (!answered && sent < maxBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      // Past the limit the client stops sending but never ends the body: only the bot's own limit
      // can answer it before the server's 15 s request timeout.
    };
    pump();
  });
}

describe('Slack request bodies', () => {
  it('refuses a chunked body over its 128 KiB limit with 413 as soon as it passes the limit', async () => {
    const lookups = source.calls.length;
    const result = await sendChunked(h.eventsUrl, 4 * 1024 * 1024);
    expect(result.status).toBe(413);
    // Fewer bytes than the client would send: the 413 came while the body was still arriving.
    expect(result.sent).toBeLessThan(4 * 1024 * 1024);
    expect(source.calls.length).toBe(lookups);
  });

  it('still accepts a signed chunked body under the limit', async () => {
    const form = slashCommandForm('product oat milk', h.fake.responseUrl());
    const timestampS = Math.floor(Date.now() / 1000);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(h.eventsUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-slack-request-timestamp': String(timestampS),
          'x-slack-signature': signSlackRequest(SIGNING_SECRET, timestampS, form),
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', reject);
      const half = Math.floor(form.length / 2);
      req.write(form.slice(0, half));
      req.end(form.slice(half));
    });
    expect(status).toBe(200);
  });
});
