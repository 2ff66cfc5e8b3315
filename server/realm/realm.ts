import type { User } from './users';
import type { UserGroup } from './groups';
import type { Channel } from './channels';
import type { Message } from './messages';
import type { RealmSettings } from './settings';
import { defaultRealmSettings } from './settings';
import type { UserSettings } from './user-settings';
import { defaultUserSettings } from './user-settings';
import type { Draft } from './drafts';
import type { SavedSnippet } from './snippets';
import type { ScheduledMessage } from './scheduled-messages';
import type { Linkifier } from './linkifiers';
import type { RealmEmoji } from './emoji';
import type { Invite } from './invites';
import type { Attachment } from './uploads';
import type { UserTopic } from './user-topics';
import type { UserFlagState } from './message-flags';
import type { UserPresence } from './presence';

/** Anything delivered through event queues: `type` plus the type's fields (spec part 6). */
export type EventPayload = { type: string } & Record<string, unknown>;

/**
 * Where the realm model sends events. The event system (server/events) implements it; the model
 * only says who may see an event. A function payload lets each recipient get its own copy
 * (per-user flags, for example); returning null skips that user.
 */
export interface EventSink {
  publish(userIds: Iterable<number>, event: EventPayload | ((userId: number) => EventPayload | null)): void;
}

/** Server-level values that are not realm settings (spec: "server setting"). */
export interface ServerConfig {
  webPublicStreamsEnabled: boolean;
  invitationLinkValidityMinutes: number;
  /** Channel/topic wildcard mentions need permission above this many subscribers/participants. */
  wildcardMentionThreshold: number;
}

/**
 * The whole organization's state, in memory. Resource modules beside this file hold the rules and
 * operate on it; nothing here knows about HTTP.
 */
export class Realm {
  settings: RealmSettings = defaultRealmSettings();
  userSettingsDefaults: UserSettings = defaultUserSettings();
  server: ServerConfig = {
    webPublicStreamsEnabled: true,
    invitationLinkValidityMinutes: 14400,
    wildcardMentionThreshold: 15,
  };
  /** `realm_empty_topic_display_name`: how the empty topic reads for clients that do not support it. */
  emptyTopicDisplayName = 'general chat';
  /** A deactivated organization refuses every authenticated request and sign-in (REALM_DEACTIVATED). */
  deactivated = false;
  /** The base URL clients reach the server at (no trailing slash); set when the server listens. */
  url = 'http://127.0.0.1';
  /** `max_file_upload_size_mib`: the largest upload accepted; configured at start, not saved. */
  maxFileUploadSizeMib = 25;
  /** `realm_presence_disabled`: nobody's presence is shown to anyone. */
  presenceDisabled = false;

  readonly users = new Map<number, User>();
  readonly usersByEmail = new Map<string, User>();
  readonly groups = new Map<number, UserGroup>();
  readonly channels = new Map<number, Channel>();
  /** Sorted by id ascending. */
  readonly messages: Message[] = [];
  readonly messagesById = new Map<number, Message>();
  readonly drafts = new Map<number, Draft>();
  readonly snippets = new Map<number, SavedSnippet>();
  readonly scheduledMessages = new Map<number, ScheduledMessage>();
  readonly linkifiers: Linkifier[] = [];
  readonly emoji = new Map<number, RealmEmoji>();
  readonly invites = new Map<number, Invite>();
  readonly attachments = new Map<number, Attachment>();
  readonly userTopics: UserTopic[] = [];
  /** Personal message flags per user (read state is kept as the unread set). */
  readonly flagStates = new Map<number, UserFlagState>();
  /** Muted users per user: muter id → muted user id → when muted, UNIX seconds (`realm/muted-users.ts`). */
  readonly mutedUsers = new Map<number, Map<number, number>>();
  /** The last presence reports per user (`realm/presence.ts`). */
  readonly presences = new Map<number, UserPresence>();
  /**
   * Bumped when the rendered messages no longer fit the run (a data file loaded under another
   * address). Linkifiers, emoji and names changed later do not bump it: as on the real service, a
   * message keeps the HTML it was rendered with until it is edited.
   */
  renderEpoch = 0;

  events: EventSink = { publish: () => undefined };
  /** Milliseconds since the epoch; tests may replace it. */
  clock: () => number = () => Date.now();

  private readonly counters = new Map<string, number>();

  nextId(kind: string): number {
    const next = (this.counters.get(kind) ?? 0) + 1;
    this.counters.set(kind, next);
    return next;
  }

  /** Make sure ids handed out later for `kind` are above `id` (used by seeds that pick ids). */
  reserveId(kind: string, id: number): void {
    if ((this.counters.get(kind) ?? 0) < id) this.counters.set(kind, id);
  }

  /** UNIX seconds. */
  now(): number {
    return Math.floor(this.clock() / 1000);
  }
}
