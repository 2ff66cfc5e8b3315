import type { Realm } from '../realm/realm';
import { isAdmin, ROLE } from '../realm/roles';
import { createUser, type User } from '../realm/users';
import { createSystemGroups, createUserGroup, SYSTEM_GROUPS } from '../realm/groups';
import { createChannel, type Channel } from '../realm/channels';
import { subscribe } from '../realm/subscriptions';
import { addRealmEmoji } from '../realm/emoji';
import { addLinkifier } from '../realm/linkifiers';
import { createDraft } from '../realm/drafts';
import { createSnippet } from '../realm/snippets';
import { setVisibilityPolicy, VISIBILITY_POLICY } from '../realm/user-topics';
import { createAttachment, relinkAttachments } from '../realm/uploads';
import { flagState } from '../realm/message-flags';
import { renderMarkdown } from '../render/markdown';
import { markUnread, prng, seedChannelMessage, seedDirectMessage } from './builder';

export interface DemoUsers {
  owner: User;
  admin: User;
  moderator: User;
  members: [User, User, User];
  guest: User;
  bot: User;
  notificationBot: User;
}

export interface DemoChannels {
  general: Channel;
  engineering: Channel;
  design: Channel;
  random: Channel;
  leadership: Channel;
  announcements: Channel;
  help: Channel;
  archive: Channel;
}

export interface DemoSeed {
  users: DemoUsers;
  channels: DemoChannels;
}

const DAY = 86400;

/** Lines people say, per topic; the generator cycles through them. */
const TOPICS: Record<string, Record<string, string[]>> = {
  general: {
    welcome: [
      'Welcome to Northwind Labs! Introduce yourself here.',
      'Hi all, I joined the platform team this week :wave:',
      'Great to have you here!',
      'Say hi in #**random** too, that is where the fun happens.',
    ],
    'office move': [
      'The new office opens on the 3rd floor next month.',
      'Will there be standing desks?',
      'Yes, and a quiet room for calls.',
      'Parking passes are handed out at reception.',
      'Can we keep the old coffee machine? :coffee:',
    ],
    'team lunch': [
      'Lunch on Friday at the noodle place?',
      'Count me in :+1:',
      'I will book a table for ten.',
      'Vegetarian options, please!',
    ],
  },
  engineering: {
    'deploy pipeline': [
      'The deploy pipeline is flaky again, see #1234.',
      'I think the cache step times out on large builds.',
      'Bumping the runner size fixed it for me.',
      'Let us add a retry around the artifact upload.',
      '```\nnpm run build && npm test\n```\nruns locally in 4 minutes.',
      'Merged the retry; watching the next runs.',
    ],
    'code review': [
      'Reminder: two approvals for changes to the billing service.',
      'Could someone review the search refactor?',
      'On it, will finish by tomorrow.',
      'Left a few comments, mostly naming.',
    ],
    'database migration': [
      'The migration to the new schema is planned for next Tuesday.',
      'Do we have a rollback plan?',
      'Yes: snapshot before, and the old columns stay for a week.',
      'I will write the runbook in the wiki.',
      'Runbook is up, please review.',
    ],
    'incident 42': [
      'Error rates went up at 14:05, investigating.',
      'Looks like a bad config push, rolling back.',
      'Rolled back, error rates normal again.',
      'Postmortem draft in progress, tracked in #1302.',
    ],
  },
  design: {
    'new logo': [
      'Here are three directions for the new logo.',
      'I like the second one, it reads well small.',
      'Can we try it in dark mode?',
      'Dark mode variant attached.',
    ],
    'style guide': [
      'Updated the spacing scale to multiples of 4.',
      'Should buttons use the primary colour by default?',
      'Only for the main action on a screen.',
    ],
  },
  random: {
    'weekend plans': [
      'Anyone hiking this weekend?',
      'Going to the lake if the weather holds.',
      'Rain all Saturday, sadly.',
      'Board games at my place on Sunday!',
    ],
    'book club': [
      'Next book: a history of cartography.',
      'Halfway through, it is great.',
      'Meeting next Thursday at 6.',
    ],
    '': ['Quick one without a topic: the kitchen fridge is being cleaned today.', 'Thanks for the heads up!'],
  },
  leadership: {
    planning: [
      'Q3 planning starts next week.',
      'Headcount requests due Friday.',
      'Please keep this channel confidential.',
    ],
  },
  announcements: {
    'company news': [
      'We closed the year with our best quarter yet. Thank you all!',
      'Holiday schedule is posted in the wiki.',
    ],
  },
  help: {
    'getting started': [
      'How do I reset my password?',
      'Settings, then Account, then Change password.',
      'Thanks, that worked.',
    ],
  },
  archive: {
    'old project': ['This project has wrapped up.', 'Archiving the channel.'],
  },
};

/** Replies that fit any conversation, mixed in after a topic's scripted lines. */
const REPLIES = [
  'Agreed.',
  'Makes sense to me.',
  'I will follow up on this tomorrow.',
  'Thanks for the update!',
  'Can we discuss this at the next sync?',
  'Good point, I had not thought of that.',
  'Let me check and get back to you.',
  'Sounds good :+1:',
  'Any news on this?',
  'I added some notes in the doc.',
  'Same here.',
  'Done, please take a look.',
  'Nice work, everyone :tada:',
  'I can help with that.',
  'Let us keep this thread for follow-ups.',
];

/** The demo organization: users of every role, channels of every kind, a few hundred messages. */
export function seedDemo(realm: Realm, hooks: { beforeMessages?: (seed: DemoSeed) => void } = {}): DemoSeed {
  const now = realm.now();
  const s = realm.settings;
  s.name = 'Northwind Labs';
  s.description = 'A **product studio** building tools for field teams. Be kind, be curious.';
  s.icon_url = '/static/images/northwind-icon.svg';
  s.date_created = now - 400 * DAY;
  s.org_type = 10;

  createSystemGroups(realm);
  const joined = now - 300 * DAY;
  const owner = createUser(realm, {
    email: 'ada@northwind.example',
    full_name: 'Ada Park',
    role: ROLE.owner,
    timezone: 'Europe/Berlin',
    date_joined: joined,
  });
  const admin = createUser(realm, {
    email: 'ben@northwind.example',
    full_name: 'Ben Okafor',
    role: ROLE.administrator,
    timezone: 'Africa/Lagos',
    date_joined: joined,
  });
  const moderator = createUser(realm, {
    email: 'chloe@northwind.example',
    full_name: 'Chloé Martin',
    role: ROLE.moderator,
    timezone: 'Europe/Paris',
    date_joined: joined,
  });
  const m1 = createUser(realm, {
    email: 'dmitri@northwind.example',
    full_name: 'Dmitri Ivanov',
    role: ROLE.member,
    timezone: 'Europe/Helsinki',
    date_joined: joined,
  });
  const m2 = createUser(realm, {
    email: 'elena@northwind.example',
    full_name: 'Elena García',
    role: ROLE.member,
    timezone: 'America/Mexico_City',
    date_joined: joined,
  });
  const m3 = createUser(realm, {
    email: 'farid@northwind.example',
    full_name: 'Farid Haddad',
    role: ROLE.member,
    timezone: 'Asia/Dubai',
    date_joined: joined,
  });
  const guest = createUser(realm, {
    email: 'grace@partner.example',
    full_name: 'Grace Kim',
    role: ROLE.guest,
    timezone: 'Asia/Seoul',
    date_joined: now - 30 * DAY,
  });
  const bot = createUser(realm, {
    email: 'deploy-bot@northwind.example',
    full_name: 'Deploy Bot',
    role: ROLE.member,
    is_bot: true,
    bot_type: 1,
    bot_owner_id: admin.user_id,
    date_joined: joined,
  });
  const notificationBot = createUser(realm, {
    email: 'notification-bot@northwind.example',
    full_name: 'Notification Bot',
    role: ROLE.member,
    is_bot: true,
    bot_type: 1,
    is_system_bot: true,
    date_joined: joined,
  });
  const users: DemoUsers = { owner, admin, moderator, members: [m1, m2, m3], guest, bot, notificationBot };
  const humans = [owner, admin, moderator, m1, m2, m3];

  const mk = (name: string, description: string, extra: Parameters<typeof createChannel>[1] = { name }) =>
    createChannel(realm, {
      creator_id: owner.user_id,
      date_created: now - 200 * DAY,
      ...extra,
      name,
      description,
    });
  const channels: DemoChannels = {
    general: mk('general', 'Everyone, everything. Start here.', { name: 'general', is_default: true }),
    engineering: mk('engineering', 'Building and running the product. Issues like #123 link to the tracker.'),
    design: mk('design', 'Visual and interaction design.'),
    random: mk('random', 'Off-topic chatter.', { name: 'random', is_default: true }),
    leadership: mk('leadership', 'Leadership team (private, history protected).', {
      name: 'leadership',
      invite_only: true,
      history_public_to_subscribers: false,
    }),
    announcements: mk('announcements', 'Company-wide announcements. Only administrators may post.', {
      name: 'announcements',
      can_send_message_group: SYSTEM_GROUPS.administrators,
    }),
    help: mk('help', 'Questions anyone on the internet can read.', { name: 'help', is_web_public: true }),
    archive: mk('old-projects', 'Finished projects.', { name: 'old-projects', is_archived: true }),
  };
  realm.settings.new_stream_announcements_stream_id = channels.general.stream_id;
  realm.settings.signup_announcements_stream_id = channels.general.stream_id;

  const sub = (c: Channel, list: User[]) => list.forEach((u) => subscribe(realm, c, u.user_id));
  sub(channels.general, [...humans, guest, bot]);
  sub(channels.engineering, [owner, admin, moderator, m1, m2, bot]);
  sub(channels.design, [owner, moderator, m2, m3, guest]);
  sub(channels.random, humans);
  sub(channels.leadership, [owner, admin]);
  sub(channels.announcements, [...humans, guest]);
  sub(channels.help, [owner, admin, m1, guest]);
  sub(channels.archive, [owner, admin, m1]);

  addRealmEmoji(realm, 'northwind', '/static/emoji/northwind.svg', owner.user_id);
  addLinkifier(realm, '#(?P<id>[0-9]+)', 'https://tracker.northwind.example/issues/{id}');

  const backend = createUserGroup(realm, {
    name: 'backend',
    description: 'Backend engineers',
    members: [m1.user_id, admin.user_id],
    creator_id: owner.user_id,
  });
  const frontend = createUserGroup(realm, {
    name: 'frontend',
    description: 'Frontend engineers',
    members: [m2.user_id, m3.user_id],
    creator_id: owner.user_id,
  });
  createUserGroup(realm, {
    name: 'engineering-team',
    description: 'Everyone who ships code',
    members: [moderator.user_id],
    subgroups: [backend.id, frontend.id],
    creator_id: owner.user_id,
  });
  void renderMarkdown; // rendering is lazy; nothing to pre-render here

  hooks.beforeMessages?.({ users, channels });

  // Direct messages, seeded in time order among the others (see seedDirectMessagesUntil).
  const dms: [User, User[], string, number][] = [
    [owner, [m1], 'Can we talk about the roadmap tomorrow?', now - 2 * DAY],
    [m1, [owner], 'Sure, 10am works for me.', now - 2 * DAY + 600],
    [admin, [m1, m2], 'Group DM: the on-call rota for next month is up.', now - DAY],
    [m2, [admin, m1], 'Thanks! I swapped Tuesday with Farid.', now - DAY + 900],
    [guest, [moderator], 'Hi Chloé, could you add me to the design review?', now - 7200],
  ];
  /** Seeds the direct messages up to `time`: ids rise with timestamps across every conversation. */
  const seedDirectMessagesUntil = (time: number) => {
    while (dms.length > 0 && dms[0]![3] <= time) {
      const [from, to, text, at] = dms.shift()!;
      const dm = seedDirectMessage(
        realm,
        from.user_id,
        to.map((u) => u.user_id),
        text,
        at,
      );
      if (at > now - 1.5 * DAY) markUnread(realm, dm);
    }
  };

  // Messages: spread over the last three weeks, oldest first, so ids and timestamps rise together.
  const rand = prng(42);
  type Planned = { channel: Channel; topic: string; text: string; at: number };
  const planned: Planned[] = [];
  const channelByKey: Record<string, Channel> = { ...channels };
  for (const [key, topics] of Object.entries(TOPICS)) {
    const channel = channelByKey[key]!;
    for (const [topic, lines] of Object.entries(topics)) {
      const rounds =
        key === 'general' || key === 'engineering' ? 6 : key === 'random' || key === 'design' ? 4 : 1;
      const start = now - (21 - rand() * 6) * DAY;
      const span = (key === 'archive' ? 3 : 20) * DAY;
      const count = lines.length * rounds;
      for (let i = 0; i < count; i++) {
        planned.push({
          channel,
          topic,
          text: i < lines.length ? lines[i]! : REPLIES[Math.floor(rand() * REPLIES.length)]!,
          at: Math.floor(start + (span * i) / count + rand() * 3600),
        });
      }
    }
  }
  planned.sort((a, b) => a.at - b.at);
  const recentCutoff = now - 2 * DAY;
  // The everyday traffic stops a few hours ago; today's scripted messages below come after it.
  const trafficEnds = now - 6 * 3600;
  for (const plan of planned) {
    const at = Math.min(plan.at, trafficEnds);
    seedDirectMessagesUntil(at);
    const posters = [...plan.channel.subscriptions.values()]
      .map((x) => realm.users.get(x.user_id)!)
      .filter((u) => !u.is_bot && (plan.channel !== channels.announcements || isAdmin(u)));
    const sender = posters[Math.floor(rand() * posters.length)]!;
    const message = seedChannelMessage(realm, plan.channel, sender.user_id, plan.topic, plan.text, at);
    if (at > recentCutoff) markUnread(realm, message);
    if (rand() < 0.12) {
      const reactor = posters[Math.floor(rand() * posters.length)]!;
      message.reactions.push(
        rand() < 0.3
          ? {
              emoji_name: 'northwind',
              emoji_code: '1',
              reaction_type: 'realm_emoji',
              user_id: reactor.user_id,
            }
          : {
              emoji_name: '+1',
              emoji_code: '1f44d',
              reaction_type: 'unicode_emoji',
              user_id: reactor.user_id,
            },
      );
    }
  }

  // Today: mentions, an upload, an edit, one in the empty topic; oldest first.
  const mention = seedChannelMessage(
    realm,
    channels.engineering,
    admin.user_id,
    'deploy pipeline',
    '@**Dmitri Ivanov** can you take a look at #1401 today?',
    now - 5 * 3600,
  );
  markUnread(realm, mention);
  const file = createAttachment(realm, m1.user_id, 'build-log.txt', 2048);
  const withFile = seedChannelMessage(
    realm,
    channels.engineering,
    m1.user_id,
    'deploy pipeline',
    `Sure, here is the log: [build-log.txt](/user_uploads/${file.path_id})`,
    now - 4 * 3600,
  );
  relinkAttachments(realm, withFile.id, m1.user_id, withFile.content);
  markUnread(realm, withFile);
  // A later subscriber of the protected-history channel sees only what came after.
  subscribe(realm, channels.leadership, moderator.user_id);
  const lead = seedChannelMessage(
    realm,
    channels.leadership,
    owner.user_id,
    'planning',
    'Welcome @**Chloé Martin**, glad to have you here.',
    now - 3 * 3600,
  );
  markUnread(realm, lead);

  seedDirectMessagesUntil(now - 2 * 3600);
  const noTopic = seedChannelMessage(
    realm,
    channels.random,
    m3.user_id,
    '',
    'Reminder: fridge cleanup at 5pm today.',
    now - 2 * 3600,
  );
  markUnread(realm, noTopic);
  const edited = seedChannelMessage(
    realm,
    channels.general,
    m2.user_id,
    'team lunch',
    'Booked a table for twelve at noon.',
    now - 3600,
  );
  edited.edits.push({
    user_id: m2.user_id,
    timestamp: now - 3000,
    prev_content: 'Booked a table for ten.',
    prev_rendered_content: renderMarkdown(realm, 'Booked a table for ten.').html,
    content: edited.content,
  });
  edited.last_edit_timestamp = now - 3000;
  markUnread(realm, edited);
  seedDirectMessagesUntil(now);

  // Personal state.
  const star = realm.messages.find(
    (m) => m.stream_id === channels.engineering.stream_id && m.topic === 'database migration',
  );
  if (star) flagState(realm, m1.user_id).starred.add(star.id);
  createDraft(realm, owner.user_id, {
    type: 'stream',
    to: [channels.engineering.stream_id],
    topic: 'code review',
    content: 'I think we should also',
  });
  createDraft(realm, m1.user_id, {
    type: 'private',
    to: [owner.user_id],
    topic: '',
    content: 'About the roadmap: ',
  });
  createDraft(realm, m1.user_id, {
    type: '',
    to: [],
    topic: '',
    content: 'Note to self: renew certificates',
  });
  createSnippet(
    realm,
    owner.user_id,
    'Welcome',
    'Welcome to Northwind Labs! Please read #**general>welcome** first.',
  );
  createSnippet(
    realm,
    m1.user_id,
    'Deploy checklist',
    '1. Tests green\n2. Changelog updated\n3. Tag the release',
  );
  Object.assign(moderator.status, {
    status_text: 'In workshops all day',
    emoji_name: 'calendar',
    emoji_code: '1f4c6',
    reaction_type: 'unicode_emoji',
  });
  Object.assign(m2.status, {
    status_text: 'On vacation',
    emoji_name: 'palm_tree',
    emoji_code: '1f334',
    reaction_type: 'unicode_emoji',
  });
  setVisibilityPolicy(realm, m1.user_id, channels.random.stream_id, 'book club', VISIBILITY_POLICY.muted);
  setVisibilityPolicy(
    realm,
    m1.user_id,
    channels.engineering.stream_id,
    'deploy pipeline',
    VISIBILITY_POLICY.followed,
  );

  return { users, channels };
}
