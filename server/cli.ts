/**
 * `npm run server -- --port P --credentials-out FILE` (contract: see server/README.md).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startServer } from './index';
import type { SeedName } from './seed';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '9991' },
    host: { type: 'string', default: '127.0.0.1' },
    'credentials-out': { type: 'string' },
    seed: { type: 'string', default: 'demo' },
    'heartbeat-seconds': { type: 'string' },
    'queue-timeout-seconds': { type: 'string' },
    'longpoll-timeout-seconds': { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
  strict: true,
});

function number(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) {
    console.error(`--${name} must be a non-negative number, got ${value}`);
    process.exit(2);
  }
  return n;
}

const seedName = values.seed as SeedName;
if (!['demo', 'large', 'empty'].includes(seedName)) {
  console.error(`--seed must be demo, large or empty, got ${values.seed}`);
  process.exit(2);
}

const timings: Record<string, number> = {};
const heartbeat = number('heartbeat-seconds', values['heartbeat-seconds']);
const queueTimeout = number('queue-timeout-seconds', values['queue-timeout-seconds']);
const longpoll = number('longpoll-timeout-seconds', values['longpoll-timeout-seconds']);
if (heartbeat !== undefined) timings.heartbeatSeconds = heartbeat;
if (queueTimeout !== undefined) timings.queueIdleTimeoutSeconds = queueTimeout;
if (longpoll !== undefined) timings.longpollTimeoutSeconds = longpoll;

const server = await startServer({
  port: number('port', values.port) ?? 9991,
  host: values.host,
  seed: seedName,
  timings,
  quiet: values.quiet,
});

if (values['credentials-out']) {
  writeFileSync(values['credentials-out'], JSON.stringify(server.credentials, null, 2) + '\n', {
    mode: 0o600,
  });
}
console.log(`Reference server listening on ${server.url}`);

let closing = false;
const stop = () => {
  if (closing) return;
  closing = true;
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
