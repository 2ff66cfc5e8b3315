/**
 * The shapes the renderer reads from the server are the bindings' own types (shared/api), so what
 * the decoder guarantees is exactly what the screens may rely on: nothing is restated here. Fields
 * the spec leaves optional are optional, and unknown fields are carried along untouched.
 */
export type { GetMessagesResponse } from '../../../shared/api/messages';
export type { RegisterResponse as InitialState, UnreadMessages } from '../../../shared/api/register';
export type {
  Channel,
  Draft,
  EditHistorySnapshot,
  GroupSettingValue,
  Message,
  Reaction,
  RealmBot,
  RealmEmoji,
  Subscription,
  Topic,
  User,
  UserGroup,
  UserStatus,
  UserTopic,
} from '../../../shared/api/resources';
