import { fetchApiKey } from './auth';
import {
  getStreamById,
  getStreams,
  getStreamTopics,
  getSubscriptions,
  subscribe,
  unsubscribe,
  updateMutedTopic,
  updateStream,
  updateSubscriptionSettings,
  updateUserTopic,
} from './channels';
import {
  createDrafts,
  createSavedSnippet,
  deleteDraft,
  deleteSavedSnippet,
  getDrafts,
  getSavedSnippets,
  updateDraft,
  updateSavedSnippet,
} from './drafts';
import type { ParamsOf, ResponseOf } from './endpoint';
import { deleteQueue, getEvents } from './events';
import { getInvites, resendInvite, revokeInvite, revokeMultiuseInvite, sendInvites } from './invites';
import {
  addReaction,
  checkMessagesMatchNarrow,
  deleteMessage,
  deleteTopic,
  getMessageHistory,
  getMessages,
  markTopicAsRead,
  removeReaction,
  sendMessage,
  updateMessage,
  updateMessageFlags,
  updateMessageFlagsForNarrow,
} from './messages';
import {
  createLinkifier,
  deleteLinkifier,
  getLinkifiers,
  getRealmEmoji,
  reorderLinkifiers,
  updateLinkifier,
  updateRealm,
} from './realm';
import { register } from './register';
import {
  createScheduledMessage,
  deleteScheduledMessage,
  getScheduledMessages,
  updateScheduledMessage,
} from './scheduled-messages';
import { getServerSettings } from './server';
import { getUserStatus, updateRealmUserSettingsDefaults, updateSettings, updateStatus } from './settings';
import { setTypingStatus } from './typing';
import { createUserGroup, getOwnUser, getUsers, getUserGroups, muteUser, unmuteUser } from './users';
import { updatePresence } from './presence';

/** Every binding, by operation name. */
export const endpoints = {
  // Server and event queue (spec 4.5, 4.21); password sign-in (the real service's)
  getServerSettings,
  fetchApiKey,
  register,
  getEvents,
  deleteQueue,
  // Messages (4.1, 4.8, 4.13, 4.15, 4.16, 4.17)
  getMessages,
  sendMessage,
  updateMessage,
  deleteMessage,
  deleteTopic,
  getMessageHistory,
  checkMessagesMatchNarrow,
  updateMessageFlags,
  updateMessageFlagsForNarrow,
  markTopicAsRead,
  addReaction,
  removeReaction,
  // Typing (4.4)
  setTypingStatus,
  // Channels, subscriptions and topics (4.2, 4.7, 4.9, 4.18, 4.22)
  getStreams,
  getStreamById,
  updateStream,
  getStreamTopics,
  getSubscriptions,
  subscribe,
  unsubscribe,
  updateSubscriptionSettings,
  updateMutedTopic,
  updateUserTopic,
  // Settings and status (4.3, 4.6, 4.11)
  updateSettings,
  updateRealmUserSettingsDefaults,
  updateStatus,
  getUserStatus,
  // Users and groups (4.14)
  getUsers,
  getOwnUser,
  getUserGroups,
  createUserGroup,
  muteUser,
  unmuteUser,
  // Drafts and saved snippets (4.12, 4.19)
  getDrafts,
  createDrafts,
  updateDraft,
  deleteDraft,
  getSavedSnippets,
  createSavedSnippet,
  updateSavedSnippet,
  deleteSavedSnippet,
  // Scheduled messages (the real service's, levels 179 and 184)
  getScheduledMessages,
  createScheduledMessage,
  updateScheduledMessage,
  deleteScheduledMessage,
  // Organization (4.10, 4.20)
  getLinkifiers,
  createLinkifier,
  updateLinkifier,
  deleteLinkifier,
  reorderLinkifiers,
  getRealmEmoji,
  updateRealm,
  sendInvites,
  getInvites,
  revokeInvite,
  resendInvite,
  revokeMultiuseInvite,
  // Presence (the real service's API)
  updatePresence,
} as const;

export type EndpointName = keyof typeof endpoints;
export type EndpointParams<N extends EndpointName> = ParamsOf<(typeof endpoints)[N]>;
export type EndpointResponse<N extends EndpointName> = ResponseOf<(typeof endpoints)[N]>;

/**
 * Endpoints only the main process may call: the renderer never manages the event queue itself, and
 * never sees an API key (which is what POST /fetch_api_key answers).
 */
export const mainOnlyEndpoints = [
  'fetchApiKey',
  'register',
  'getEvents',
  'deleteQueue',
  // The presence loop reports for the user; a page must not make them look present.
  'updatePresence',
] as const satisfies readonly EndpointName[];
export type RendererEndpointName = Exclude<EndpointName, (typeof mainOnlyEndpoints)[number]>;

export function isRendererEndpoint(name: string): name is RendererEndpointName {
  return Object.hasOwn(endpoints, name) && !(mainOnlyEndpoints as readonly string[]).includes(name);
}
