import type { QueryClient } from '@tanstack/react-query';
import type { ChatEvent, KnownEvent, KnownEventType } from '../../../shared/api/events';
import { deleteMessage } from './reducers/delete-message';
import { drafts } from './reducers/drafts';
import { invitesChanged } from './reducers/invites';
import { message } from './reducers/message';
import { mutedUsers } from './reducers/muted-users';
import { presence } from './reducers/presence';
import { reaction } from './reducers/reaction';
import { realmBot } from './reducers/realm-bot';
import { realmUser } from './reducers/realm-user';
import { savedSnippets } from './reducers/saved-snippets';
import {
  realm,
  realmEmoji,
  realmLinkifiers,
  realmUserSettingsDefaults,
  userSettings,
} from './reducers/settings';
import { stream } from './reducers/stream';
import { subscription } from './reducers/subscription';
import { typing } from './reducers/typing';
import { updateMessage } from './reducers/update-message';
import { updateMessageFlags } from './reducers/update-message-flags';
import { scheduledMessages } from './reducers/scheduled-messages';
import { userGroup } from './reducers/user-group';
import { userStatus } from './reducers/user-status';
import { userTopic } from './reducers/user-topic';
import { StagedCache } from './staged-cache';
import { feedJournal } from './feed-journal';
import { StagedTyping } from './staged-typing';
import type { EventContext, EventMap, EventReducer } from './types';

/**
 * Known event types the renderer leaves alone, each by decision. A type added to the `ChatEvent`
 * union must be listed here or get a reducer in `reducers`, or this module does not compile.
 */
export const ignoredEventTypes = [
  // Keeps the queue alive; the main process's event loop is what watches it.
  'heartbeat',
  // No screen shows someone editing a message, alert words, uploads or allowed email domains.
  'typing_edit_message',
  'alert_words',
  'attachment',
  'realm_domains',
] as const satisfies readonly KnownEventType[];

export type HandledEventType = Exclude<KnownEventType, (typeof ignoredEventTypes)[number]>;

/** The one place where events change the query cache: one reducer per event type. */
export const reducers: { [K in HandledEventType]: EventReducer<K> } = {
  message,
  update_message: updateMessage,
  delete_message: deleteMessage,
  reaction,
  update_message_flags: updateMessageFlags,
  typing,
  subscription,
  stream,
  user_status: userStatus,
  presence,
  user_topic: userTopic,
  muted_users: mutedUsers,
  drafts,
  saved_snippets: savedSnippets,
  scheduled_messages: scheduledMessages,
  user_group: userGroup,
  realm_linkifiers: realmLinkifiers,
  realm_emoji: realmEmoji,
  user_settings: userSettings,
  update_display_settings: userSettings,
  update_global_notifications: userSettings,
  realm_user_settings_defaults: realmUserSettingsDefaults,
  realm,
  realm_user: realmUser,
  realm_bot: realmBot,
  invites_changed: invitesChanged,
};

const ignored: ReadonlySet<string> = new Set(ignoredEventTypes);

function isHandled(event: KnownEvent): event is EventMap[HandledEventType] {
  return !ignored.has(event.type);
}

/** Calls the reducer of the event's own type with the event as that type's variant. */
function reduce<K extends HandledEventType>(ctx: EventContext, type: K, event: EventMap[K]): void {
  reducers[type](ctx, event);
}

/**
 * Applies a batch in order, then writes the result at once: one update per query of the cache, and
 * one of the typing indicators. Events this client could not decode and the ignored types are
 * skipped; a reducer that throws on an unexpected shape is reported and skipped, so one odd event
 * never stops the rest.
 */
export function applyEvents(queryClient: QueryClient, events: readonly ChatEvent[], now = Date.now()): void {
  const staged = new StagedCache(queryClient);
  const typingWrites = new StagedTyping();
  const context: EventContext = { queryClient: staged.access, typing: typingWrites, now };
  const journal = feedJournal(queryClient);
  for (const event of events) {
    // Events this client could not decode carry no meaning (shared/api/events.ts).
    if (event.kind === 'unknown' || !isHandled(event)) continue;
    try {
      reduce(context, event.type, event);
    } catch (error) {
      console.warn(`event ${event.type} #${event.id} not applied`, error);
    }
    // For the pages of messages still on their way (see FeedJournal).
    journal.record(event);
  }
  staged.commit();
  typingWrites.commit();
}
