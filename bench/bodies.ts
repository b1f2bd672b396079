/**
 * What unsigned request bodies can make the bot hold (issue #9): 300 connections each stream a 1 MB
 * chunked body with a bogus Slack signature and never end it. The server runs in a child process;
 * its resident memory at the peak is read against its own idle figure, measured just before.
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { fmt, root } from './lib.js';

const CONNECTIONS = 300;
const BODY_BYTES = 1_000_000;
const SAMPLES = 30;

export async function run(): Promise<string> {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', join(root, 'bench/bodies-server.ts')],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    const port = await new Promise<number>((resolve) =>
      child.stdout.once('data', (data) => resolve(Number(String(data).trim()))),
    );
    const rssMb = async () => Number(await (await fetch(`http://127.0.0.1:${port}/rss`)).text()) / 2 ** 20;
    const idle = await rssMb();
    const body = Buffer.alloc(BODY_BYTES, 'a');
    const statuses = new Map<number, number>();
    const clients = Array.from({ length: CONNECTIONS }, () => {
      const req = request({
        host: '127.0.0.1',
        port,
        path: '/slack/events',
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-slack-request-timestamp': String(Math.floor(Date.now() / 1000)),
          'x-slack-signature': 'v0=00',
        },
      });
      req.on('error', () => {});
      req.on('response', (res) => {
        statuses.set(res.statusCode ?? 0, (statuses.get(res.statusCode ?? 0) ?? 0) + 1);
        res.resume();
      });
      req.write(body); // chunked, and never ended
      return req;
    });
    let peak = idle;
    for (let sample = 0; sample < SAMPLES; sample++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      peak = Math.max(peak, await rssMb().catch(() => 0));
    }
    for (const client of clients) client.destroy();
    const answered = [...statuses].map(([status, count]) => `${count} × ${status}`).join(', ') || 'none';
    return [
      '## Unsigned request bodies',
      '',
      `${CONNECTIONS} connections each stream a ${fmt(BODY_BYTES / 1e6, 0)} MB chunked body with a bogus Slack signature to \`/slack/events\` and never end it; the bot's server runs in its own process, sampled every 0.5 s for ${SAMPLES / 2} s.`,
      '',
      `Resident memory: ${fmt(idle, 0)} MB idle, ${fmt(peak, 0)} MB at the peak (**+${fmt(peak - idle, 0)} MB**, ${fmt(peak / idle, 2)} × idle). Answers: ${answered}.`,
      '',
    ].join('\n');
  } finally {
    child.kill();
  }
}
