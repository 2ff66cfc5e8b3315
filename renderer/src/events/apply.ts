import type { QueryClient } from '@tanstack/react-query';
import { deleteMessage } from './reducers/delete-message';
import { drafts } from './reducers/drafts';
import { invitesChanged } from './reducers/invites';
import { message } from './reducers/message';
import { reaction } from './reducers/reaction';
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
import { userGroup } from './reducers/user-group';
import { userStatus } from './reducers/user-status';
import { userTopic } from './reducers/user-topic';
import { StagedCache } from './staged-cache';
import type { EventReducer, RawEvent } from './types';

/** The one place where events change the query cache: one reducer per event type. */
export const reducers: Record<string, EventReducer> = {
  message,
  update_message: updateMessage,
  delete_message: deleteMessage,
  reaction,
  update_message_flags: updateMessageFlags,
  typing,
  subscription,
  stream,
  user_status: userStatus,
  user_topic: userTopic,
  drafts,
  saved_snippets: savedSnippets,
  user_group: userGroup,
  realm_linkifiers: realmLinkifiers,
  realm_emoji: realmEmoji,
  user_settings: userSettings,
  update_display_settings: userSettings,
  update_global_notifications: userSettings,
  realm_user_settings_defaults: realmUserSettingsDefaults,
  realm,
  realm_user: realmUser,
  invites_changed: invitesChanged,
};

/**
 * Applies a batch in order, then writes the result to the query cache at once (one update per
 * query). Unknown types (and heartbeats) are skipped; a reducer that throws on an unexpected shape
 * is reported and skipped, so one odd event never stops the rest.
 */
export function applyEvents(queryClient: QueryClient, events: readonly unknown[], now = Date.now()): void {
  const staged = new StagedCache(queryClient);
  const context = { queryClient: staged.access, now };
  for (const event of events) {
    const raw = event as RawEvent;
    // Events this client could not decode carry no meaning (shared/api/events.ts).
    if (raw.kind === 'unknown') continue;
    const reducer = reducers[raw.type];
    if (!reducer) continue;
    try {
      reducer(context, raw);
    } catch (error) {
      console.warn(`event ${raw.type} #${raw.id} not applied`, error);
    }
  }
  staged.commit();
}
