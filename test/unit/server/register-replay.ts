import { CLIENT_CAPABILITIES, REGISTER_OPTIONS } from '../../../electron/core/event-loop';
import { registerResponseSchema, type RegisterResponse } from '../../../shared/api/register';
import { mulberry32, type Day } from '../../support/random-day';
import { demoUsers, type Client, type Harness } from './helpers';

// What the tests that replay a random day against a fresh registration share: registering as the
// app does, draining the queue, and the day's cast on the demo seed.

const REGISTER_PARAMS = { client_capabilities: CLIENT_CAPABILITIES, ...REGISTER_OPTIONS };

export interface Registered {
  state: RegisterResponse;
  queueId: string;
  lastEventId: number;
}

export async function registerState(client: Client): Promise<Registered> {
  const body = await client.ok('POST', '/register', REGISTER_PARAMS);
  const state = registerResponseSchema().parse(body);
  return { state, queueId: body.queue_id as string, lastEventId: body.last_event_id as number };
}

/** Every event the queue holds after `lastEventId`, heartbeats left out. */
export async function drainAll(client: Client, queueId: string, lastEventId: number): Promise<unknown[]> {
  const out: unknown[] = [];
  let last = lastEventId;
  for (let round = 0; round < 50; round++) {
    const body = await client.ok('GET', '/events', {
      queue_id: queueId,
      last_event_id: last,
      dont_block: true,
    });
    const events = body.events as { id: number; type: string }[];
    if (events.length === 0) return out;
    last = events.at(-1)!.id;
    out.push(...events.filter((e) => e.type !== 'heartbeat'));
  }
  throw new Error('queue did not drain');
}

/** A day lived around the demo seed's owner (`self`), who registered with `start`. */
export async function demoDay(h: Harness, start: RegisterResponse, seed: number): Promise<Day> {
  const users = demoUsers(h.server);
  const self = h.as(users.owner);
  const rand = mulberry32(seed);
  return {
    rand,
    pick: (xs) => xs[Math.floor(rand() * xs.length)]!,
    people: { self: users.owner.user_id, member: users.member.user_id, third: users.member3.user_id },
    self,
    admin: h.as(users.admin),
    others: [h.as(users.admin), h.as(users.member), h.as(users.member2)],
    channels: (start.subscriptions ?? []).map((s) => s.stream_id),
    allChannels: (await self.ok('GET', '/streams')).streams as Day['allChannels'],
    sent: [],
    sentToChannels: new Set(),
    step: 0,
  };
}
