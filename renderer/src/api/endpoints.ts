import type { RendererEndpointName } from '../../../shared/api';

/**
 * The operation names the renderer calls, in one place so they follow the binding table in
 * shared/api/index.ts.
 */
export const ep = {
  serverSettings: 'getServerSettings',
  streams: 'getStreams',
  streamById: 'getStreamById',
  streamTopics: 'getStreamTopics',
  updateStream: 'updateStream',
  messages: 'getMessages',
  sendMessage: 'sendMessage',
  updateMessage: 'updateMessage',
  messageHistory: 'getMessageHistory',
  matchesNarrow: 'checkMessagesMatchNarrow',
  addReaction: 'addReaction',
  removeReaction: 'removeReaction',
  typing: 'setTypingStatus',
  flagsForNarrow: 'updateMessageFlagsForNarrow',
  flags: 'updateMessageFlags',
  mutedTopic: 'updateMutedTopic',
  users: 'getUsers',
} as const satisfies Record<string, RendererEndpointName>;
