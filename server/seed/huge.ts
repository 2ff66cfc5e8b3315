import type { Realm } from '../realm/realm';
import { createUser, type User } from '../realm/users';
import { createChannel, type Channel } from '../realm/channels';
import { activeSubscriberIds, subscribe } from '../realm/subscriptions';
import { createUserGroup } from '../realm/groups';
import { insertMessage, type Message } from '../realm/messages';
import { flagState } from '../realm/message-flags';
import { renderMarkdown, type MentionInfo } from '../render/markdown';
import { seedDemo, type DemoSeed } from './demo';
import { prng } from './builder';

/** The size of the huge organization (issue 15); unit tests build a scaled-down one. */
export interface HugeShape {
  /** People in the organization, the demo's nine included. */
  users: number;
  /** Channels, the demo's eight included. */
  channels: number;
  /** Channels Ada (the demo's owner) is subscribed to, the demo's eight included. */
  subscribed: number;
  /** Topics in the generated channels (the demo's own come on top). */
  topics: number;
  /** Topics of the one channel that has many (`HUGE_TOPIC_CHANNEL`, one of Ada's). */
  topicsInBigChannel: number;
  /** Generated messages, direct messages included (the demo's few hundred come on top). */
  messages: number;
  /** Ada's direct-message conversations (one in five a group). */
  directConversations: number;
  /** Ada's unread generated messages, the newest of each unread conversation. */
  unread: number;
  /** Conversations (topics and direct messages) holding Ada's unread messages. */
  unreadConversations: number;
  /** Generated user groups (the demo's and the system groups come on top). */
  userGroups: number;
}

export const HUGE_SHAPE: HugeShape = {
  users: 20_000,
  channels: 2_000,
  subscribed: 500,
  topics: 50_000,
  topicsInBigChannel: 2_000,
  messages: 1_000_000,
  directConversations: 1_000,
  unread: 100_000,
  unreadConversations: 10_000,
  userGroups: 300,
};

/** The channel with `topicsInBigChannel` topics. */
export const HUGE_TOPIC_CHANNEL = 'customer-support';
/** One person with a name found nowhere else, created last: the user picker's test looks for them. */
export const HUGE_FINDABLE_PERSON = 'Quintessa Vandermolen';

const FIRST = (
  'Aaron Abby Adrian Aiko Alba Aleksander Amara Amir Ana Anders Anika Arjun Astrid Aylin Bao Beatriz Bilal ' +
  'Bjorn Bruno Camila Carmen Chen Chiara Clara Dalia Daniel Darius Diego Dina Elif Elias Emeka Emil Esther ' +
  'Fatima Felix Freya Gabriel Gita Hana Hassan Hugo Ines Ingrid Isaac Ivan Jae Jana Javier Jonas Joy Kai ' +
  'Kamal Karin Kenji Kofi Lale Lars Layla Leon Lina Luca Lucia Malik Marta Mateo Maya Mei Mikko Mira Nadia ' +
  'Nia Nikolai Noor Olga Omar Oskar Paula Priya Rafael Rania Rosa Ruben Sakura Sami Sara Sven Tariq Tomas ' +
  'Uma Valentina Viktor Wei Yara Yusuf Zara Zoe'
).split(' ');
const LAST = (
  'Abbott Adeyemi Alvarez Andersen Aoki Bakker Banerjee Becker Bianchi Brennan Castillo Chowdhury Costa ' +
  'Dahl Dimitrov Dubois Eriksen Farouk Fischer Fonseca Garcia Gomez Gupta Haddad Hansen Herrera Hoang ' +
  'Ibrahim Ito Jansen Jovanovic Kaur Keller Kim Kowalski Kruger Larsen Lehmann Lindqvist Lopez Mahmoud ' +
  'Marino Mensah Meyer Moreau Murphy Nakamura Navarro Nguyen Nielsen Novak Nunez Okafor Olsen Ortiz Park ' +
  'Patel Peralta Petrov Popescu Quinn Rahman Reyes Ricci Rossi Saito Santos Schmidt Sharma Silva Singh ' +
  'Sokolov Suzuki Takahashi Tan Torres Tran Varga Vogel Wagner Walsh Weber Wong Yamamoto Yilmaz Zhang ' +
  'Ziegler Zimmermann'
).split(' ');
const AREAS = (
  'platform billing search mobile web data infra security growth design support sales marketing finance ' +
  'legal hiring research docs qa release ops analytics partners payments identity'
).split(' ');
const KINDS = 'team chat alerts standup reviews planning help news builds incidents'.split(' ');
const TOPIC_WORDS = (
  'login export invoice refund upgrade outage latency crash signup onboarding sync backup import report ' +
  'dashboard webhook quota migration timeout password billing calendar search filter upload download ' +
  'notification permission invite theme keyboard printing offline'
).split(' ');
const TOPIC_KINDS = (
  'question bug request follow-up escalation feedback review plan checklist retro ' +
  'idea cleanup rollout test proposal summary draft update issue notes'
).split(' ');
const LINES = [
  'Looking into this now.',
  'Can you share the logs from this morning?',
  'I reproduced it on the staging environment.',
  'The fix is in review, should land tomorrow.',
  'Thanks, that solved it for me :+1:',
  'Adding this to the agenda for the weekly sync.',
  'Is anyone else seeing the same thing?',
  'Closing this one, it was a configuration issue.',
  'I wrote up the steps in the wiki.',
  'Let us pair on it after lunch.',
  'Numbers look **much better** since the change.',
  'Could we get a second pair of eyes on this?',
  'Customer confirmed the workaround works.',
  'Moving the deadline to next Friday.',
  'See the `export` job output for details.',
  'Agreed, let us keep it simple.',
];

const DAY = 86400;

/** Message content shared by many messages, rendered once (rendering is the costly part of a read). */
interface Line {
  content: string;
  rendered: { epoch: number; html: string; mentions: MentionInfo };
}

function lines(realm: Realm, ada: User): Line[] {
  const texts = [...LINES, `@**${ada.full_name}** could you take a look?`];
  return texts.map((content) => {
    const r = renderMarkdown(realm, content);
    return { content, rendered: { epoch: realm.renderEpoch, html: r.html, mentions: r.mentions } };
  });
}

function personName(i: number): string {
  const first = FIRST[i % FIRST.length]!;
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
  const round = Math.floor(i / (FIRST.length * LAST.length));
  return round === 0 ? `${first} ${last}` : `${first} ${String.fromCharCode(65 + (round % 26))}. ${last}`;
}

function topicName(i: number): string {
  return `${TOPIC_WORDS[i % TOPIC_WORDS.length]} ${TOPIC_KINDS[Math.floor(i / TOPIC_WORDS.length) % TOPIC_KINDS.length]}${
    i >= TOPIC_WORDS.length * TOPIC_KINDS.length
      ? ` ${Math.floor(i / (TOPIC_WORDS.length * TOPIC_KINDS.length)) + 1}`
      : ''
  }`;
}

/** A conversation messages are spread over: a channel topic, or a direct-message conversation. */
interface Conversation {
  channel: Channel | null;
  topic: string;
  /** Who receives a copy (the channel's subscribers, or the participants); shared by its messages. */
  recipients: readonly number[];
  /** Who may send in it (never Ada, so her unread messages are someone else's). */
  senders: readonly number[];
  unread: boolean;
}

/**
 * The demo organization grown to a big company's size (issue 15): every generated person, channel,
 * topic and message comes before the demo's own history, oldest first. Messages are built directly
 * (no events, no rendering: they share a few pre-rendered lines); only Ada has unread messages among
 * them, the newest ones of `unreadConversations` conversations.
 */
export function seedHuge(realm: Realm, shape: HugeShape = HUGE_SHAPE): DemoSeed {
  return seedDemo(realm, { beforeMessages: (demo) => grow(realm, demo, shape) });
}

function grow(realm: Realm, demo: DemoSeed, shape: HugeShape): void {
  const rand = prng(15);
  const now = realm.now();
  const ada = demo.users.owner;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

  // People: the demo has nine; the findable person comes last.
  const demoUsers = realm.users.size;
  const people: User[] = [];
  const generated = shape.users - demoUsers;
  for (let i = 0; i < generated; i++) {
    const last = i === generated - 1;
    const full_name = last ? HUGE_FINDABLE_PERSON : personName(i);
    const local = full_name.toLowerCase().replace(/[^a-z]+/g, '.');
    people.push(
      createUser(realm, {
        email: `${local}.${i + 1}@northwind.example`,
        full_name,
        date_joined: now - (400 - Math.floor(rand() * 300)) * DAY,
      }),
    );
  }
  const peopleIds = people.map((u) => u.user_id);

  // Channels: Ada is in the demo's eight and enough generated ones to make `subscribed`.
  const channelsToMake = shape.channels - realm.channels.size;
  const adasGenerated =
    shape.subscribed -
    [...realm.channels.values()].filter((c) => c.subscriptions.get(ada.user_id)?.active).length;
  const channels: Channel[] = [];
  for (let i = 0; i < channelsToMake; i++) {
    const name =
      i === 0
        ? HUGE_TOPIC_CHANNEL
        : `${AREAS[i % AREAS.length]}-${KINDS[Math.floor(i / AREAS.length) % KINDS.length]}${
            i >= AREAS.length * KINDS.length ? `-${Math.floor(i / (AREAS.length * KINDS.length)) + 1}` : ''
          }`;
    const invite_only = i % 10 === 9;
    const channel = createChannel(realm, {
      name,
      description: `Everything about ${name.replace(/-/g, ' ')}.`,
      creator_id: ada.user_id,
      date_created: now - 380 * DAY,
      invite_only,
    });
    // Mostly small channels, a few of a thousand people.
    const size = i % 50 === 1 ? 1000 : 8 + Math.floor(rand() * rand() * 120);
    if (i < adasGenerated) subscribe(realm, channel, ada.user_id);
    for (let k = 0; k < size; k++) subscribe(realm, channel, pick(peopleIds));
    channels.push(channel);
  }

  // User groups of a few to a few hundred people.
  for (let i = 0; i < shape.userGroups; i++) {
    const size = 3 + Math.floor(rand() * rand() * 300);
    const members = new Set<number>();
    while (members.size < size) members.add(pick(peopleIds));
    createUserGroup(realm, {
      name: `${AREAS[i % AREAS.length]}-group-${i + 1}`,
      description: `People working on ${AREAS[i % AREAS.length]}`,
      members: [...members],
      creator_id: ada.user_id,
    });
  }

  // Conversations: the big channel's topics, the other topics spread evenly, then Ada's direct messages.
  const conversations: Conversation[] = [];
  const channelTopics = (channel: Channel, count: number) => {
    const recipients = activeSubscriberIds(channel);
    const senders = recipients.filter((id) => id !== ada.user_id);
    for (let t = 0; t < count; t++)
      conversations.push({ channel, topic: topicName(t), recipients, senders, unread: false });
  };
  channelTopics(channels[0]!, shape.topicsInBigChannel);
  const rest = shape.topics - shape.topicsInBigChannel;
  for (let c = 1; c < channels.length; c++) {
    const count =
      Math.floor((rest * c) / (channels.length - 1)) - Math.floor((rest * (c - 1)) / (channels.length - 1));
    channelTopics(channels[c]!, count);
  }
  // Each with other people, so no two are the same conversation.
  for (let d = 0; d < shape.directConversations; d++) {
    const others = d % 5 === 4 ? [peopleIds[2 * d]!, peopleIds[2 * d + 1]!] : [peopleIds[2 * d]!];
    const participants = [...new Set([ada.user_id, ...others])].sort((a, b) => a - b);
    const senders = participants.filter((id) => id !== ada.user_id);
    conversations.push({ channel: null, topic: '', recipients: participants, senders, unread: false });
  }

  // Unread conversations: a tenth of them direct, the rest topics of Ada's channels.
  const adas = conversations.filter((c) => c.recipients.includes(ada.user_id));
  const adasDirect = adas.filter((c) => c.channel === null);
  const adasTopics = adas.filter((c) => c.channel !== null);
  const directUnread = Math.min(adasDirect.length, Math.floor(shape.unreadConversations / 10));
  for (let i = 0; i < directUnread; i++) adasDirect[i]!.unread = true;
  const topicUnread = shape.unreadConversations - directUnread;
  if (adasTopics.length < topicUnread) throw new Error('huge seed: too few topics in Ada’s channels');
  for (let i = 0; i < topicUnread; i++)
    adasTopics[Math.floor((i * adasTopics.length) / topicUnread)]!.unread = true;
  const unreadPerConversation = Math.ceil(shape.unread / shape.unreadConversations);

  // Which conversation each message goes to: every conversation gets enough for its unread ones, the
  // rest at random; shuffled, so conversations interleave in time as they would.
  const base = unreadPerConversation;
  if (conversations.length * base > shape.messages) throw new Error('huge seed: too few messages');
  const plan = new Int32Array(shape.messages);
  let n = 0;
  for (let c = 0; c < conversations.length; c++) for (let k = 0; k < base; k++) plan[n++] = c;
  while (n < shape.messages) plan[n++] = Math.floor(rand() * conversations.length);
  for (let i = plan.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const t = plan[i]!;
    plan[i] = plan[j]!;
    plan[j] = t;
  }
  // The newest messages of each unread conversation, found walking back in time.
  const unreadFlag = new Uint8Array(shape.messages);
  const seenFromEnd = new Int32Array(conversations.length);
  let toMark = shape.unread;
  for (let i = plan.length - 1; i >= 0 && toMark > 0; i--) {
    const c = plan[i]!;
    if (conversations[c]!.unread && seenFromEnd[c]! < unreadPerConversation) {
      seenFromEnd[c]!++;
      unreadFlag[i] = 1;
      toMark--;
    }
  }

  const pool = lines(realm, ada);
  const adaUnread = flagState(realm, ada.user_id).unread;
  const end = now - 22 * DAY;
  const start = end - 180 * DAY;
  const step = (end - start) / shape.messages;
  for (let i = 0; i < shape.messages; i++) {
    const c = conversations[plan[i]!]!;
    const line = pool[Math.floor(rand() * pool.length)]!;
    const direct = c.channel === null;
    const message: Message = {
      id: realm.nextId('message'),
      sender_id: pick(c.senders),
      type: direct ? 'private' : 'stream',
      stream_id: direct ? null : c.channel!.stream_id,
      topic: c.topic,
      dm_user_ids: direct ? (c.recipients as number[]) : [],
      recipients: c.recipients,
      content: line.content,
      timestamp: Math.floor(start + i * step),
      last_edit_timestamp: null,
      last_moved_timestamp: null,
      edits: [],
      reactions: [],
      client: 'website',
      rendered: line.rendered,
    };
    insertMessage(realm, message);
    if (unreadFlag[i]) adaUnread.add(message.id);
  }
}
