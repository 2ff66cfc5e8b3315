/**
 * `npm run server -- --port P --credentials-out FILE` (contract: see server/README.md).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readCommandLine, valuesOrExit } from '../shared/command-line';
import { startServer, type LoginLimits } from './index';
import { SEED_NAMES, type SeedName } from './seed';

const USAGE = `
Usage: npm run server -- [options]

The reference chat server with a seeded demo organization. Prints one line,
"Reference server listening on <url>", once it accepts requests.

Options:
  --port P                        port on the host, 0 picks a free one (default 9991)
  --host H                        address to listen on (default 127.0.0.1)
  --credentials-out FILE          write every demo account's email and API key to FILE (mode 0600)
  --seed demo|large|huge|empty    the organization to start with (default demo); large adds one
                                  topic of 100,000 messages; huge grows the demo to 20,000 people,
                                  2,000 channels, 50,000 topics, 1,000,000 messages (about 3 s
                                  and 0.5 GB)
  --data FILE                     keep the organization in FILE: loaded if it exists (the seed is
                                  then unused), else seeded; every change is saved before its
                                  request is answered, so a restart keeps accounts, keys, messages
  --heartbeat-seconds N           heartbeat after N seconds without events (default 50)
  --queue-timeout-seconds N       drop an event queue not polled for N seconds (default 600)
  --longpoll-timeout-seconds N    reported as event_queue_longpoll_timeout_seconds (default 90)
  --rate-limit N/S|off            each user may make N requests per S seconds, then gets 429
                                  RATE_LIMIT_HIT (default 2000/10; the real service uses 200/60)
  --login-rate-limit N/S|off      N failed password sign-ins per username in S seconds, then
                                  429 RATE_LIMIT_HIT until the oldest leaves the window
                                  (default 5/60; the real service uses 5/1800)
  --max-file-upload-size-mib N    refuse uploads larger than N MiB, reported to clients as
                                  max_file_upload_size_mib (default 25, as the real service)
  --quiet                         no error logging on stderr
  -h, --help                      show this help
`;

const values = valuesOrExit(
  readCommandLine(
    USAGE,
    () =>
      parseArgs({
        options: {
          port: { type: 'string', default: '9991' },
          host: { type: 'string', default: '127.0.0.1' },
          'credentials-out': { type: 'string' },
          seed: { type: 'string', default: 'demo' },
          data: { type: 'string' },
          'heartbeat-seconds': { type: 'string' },
          'queue-timeout-seconds': { type: 'string' },
          'longpoll-timeout-seconds': { type: 'string' },
          'rate-limit': { type: 'string' },
          'login-rate-limit': { type: 'string' },
          'max-file-upload-size-mib': { type: 'string' },
          quiet: { type: 'boolean', default: false },
          help: { type: 'boolean', short: 'h', default: false },
        },
        strict: true,
      }).values,
  ),
  { out: console.log, err: console.error, exit: process.exit },
);

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
if (!SEED_NAMES.includes(seedName)) {
  console.error(`--seed must be demo, large, huge or empty, got ${values.seed}`);
  process.exit(2);
}

const timings: Record<string, number> = {};
const heartbeat = number('heartbeat-seconds', values['heartbeat-seconds']);
const queueTimeout = number('queue-timeout-seconds', values['queue-timeout-seconds']);
const longpoll = number('longpoll-timeout-seconds', values['longpoll-timeout-seconds']);
if (heartbeat !== undefined) timings.heartbeatSeconds = heartbeat;
if (queueTimeout !== undefined) timings.queueIdleTimeoutSeconds = queueTimeout;
if (longpoll !== undefined) timings.longpollTimeoutSeconds = longpoll;

function rateLimit(
  value: string | undefined,
): { requestsPerWindow: number; windowSeconds: number } | undefined {
  if (value === undefined) return undefined;
  if (value === 'off') return { requestsPerWindow: 0, windowSeconds: 1 };
  const match = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(value);
  if (!match || Number(match[2]) <= 0) {
    console.error(`--rate-limit must be N/S (requests per seconds) or off, got ${value}`);
    process.exit(2);
  }
  return { requestsPerWindow: Number(match[1]), windowSeconds: Number(match[2]) };
}

function loginRateLimit(value: string | undefined): Partial<LoginLimits> | undefined {
  if (value === undefined) return undefined;
  if (value === 'off') return { failuresPerUsername: 0, failuresPerAddress: 0 };
  const match = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(value);
  if (!match || Number(match[2]) <= 0) {
    console.error(`--login-rate-limit must be N/S (failures per seconds) or off, got ${value}`);
    process.exit(2);
  }
  return { failuresPerUsername: Number(match[1]), windowSeconds: Number(match[2]) };
}

const server = await startServer({
  port: number('port', values.port) ?? 9991,
  host: values.host,
  seed: seedName,
  timings,
  quiet: values.quiet,
  dataFile: values.data,
  limits: rateLimit(values['rate-limit']),
  loginLimits: loginRateLimit(values['login-rate-limit']),
  maxFileUploadSizeMib: number('max-file-upload-size-mib', values['max-file-upload-size-mib']),
}).catch((error: unknown) => {
  // A data file that cannot be read, or a port in use: one line, not a stack trace.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
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
// Spawned with an IPC channel (a tool driving it, e.g. the benchmark): gone with that tool, even
// one that crashed without stopping it.
if (process.send) process.on('disconnect', stop);
