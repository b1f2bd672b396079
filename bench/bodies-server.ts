/**
 * Child process of bench/bodies.ts: the bot's HTTP server with the real /slack/events route (its
 * listener never runs: no request here is signed), plus a route that reports resident memory.
 */
import { slackEventsRoute } from '../src/adapters/slack/http-route.js';
import { silentLogger } from '../src/logging/logger.js';
import { BotHttpServer } from '../src/server/bot-http.js';

const server = new BotHttpServer(silentLogger());
server.route(
  'POST',
  '/slack/events',
  slackEventsRoute((_req, res) => res.writeHead(401).end(), silentLogger()),
);
server.route('GET', '/rss', (_req, res) => {
  globalThis.gc?.();
  res.end(String(process.memoryUsage().rss));
});
const { port } = await server.listen(0, '127.0.0.1');
process.stdout.write(`${port}\n`);
