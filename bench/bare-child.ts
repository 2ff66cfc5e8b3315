import { Api, BareClient, type Account, type Fields } from './lib/api';

/**
 * The bare long-poll client in its own process, so that sending messages from the driver does
 * not delay its receipts. Configuration in BENCH_BARE ({ serverUrl, account, register }); it
 * reports each event compactly over IPC with the time it was parsed, and answers clock pings.
 */

interface BareConfig {
  serverUrl: string;
  account: Account;
  register: Fields;
}

const config = JSON.parse(process.env.BENCH_BARE ?? '{}') as BareConfig;
const clock = () => performance.timeOrigin + performance.now();
const client = new BareClient(new Api(config.serverUrl, config.account));

client.onEvent(({ event, receivedAt }) => {
  const content = String((event.message as { content?: string } | undefined)?.content ?? '');
  process.send?.({
    type: 'event',
    event: { type: event.type, op: event.op, marker: /bmk-[a-z0-9]+-\d+/.exec(content)?.[0] },
    receivedAt,
  });
});

process.on('message', (message: { cmd: string; id?: number }) => {
  if (message.cmd === 'ping') process.send?.({ type: 'pong', id: message.id, at: clock() });
  if (message.cmd === 'stop')
    void client.stop().then(() => {
      process.send?.({ type: 'stopped', errors: client.errors });
      process.exit(0);
    });
});
process.on('disconnect', () => process.exit(0));

await client.register(config.register);
client.start();
process.send?.({ type: 'ready' });
