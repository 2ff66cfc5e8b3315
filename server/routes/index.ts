import type { RouteDef } from '../http/route';
import { serverSettingsRoutes } from './server-settings';
import { authRoutes } from './auth';
import { eventRoutes } from './events';
import { messageRoutes } from './messages';
import { messageFlagRoutes } from './message-flags';
import { reactionRoutes } from './reactions';
import { typingRoutes } from './typing';
import { uploadRoutes } from './uploads';
import { streamRoutes } from './streams';
import { subscriptionRoutes } from './subscriptions';
import { topicRoutes } from './topics';
import { userTopicRoutes } from './user-topics';
import { settingsRoutes } from './settings';
import { realmRoutes } from './realm';
import { statusRoutes } from './status';
import { presenceRoutes } from './presence';
import { userRoutes } from './users';
import { emojiRoutes } from './emoji';
import { draftRoutes } from './drafts';
import { savedSnippetRoutes } from './saved-snippets';
import { scheduledMessageRoutes } from './scheduled-messages';
import { userGroupRoutes } from './user-groups';
import { linkifierRoutes } from './linkifiers';
import { inviteRoutes } from './invites';

/** Every endpoint of the server, by spec area. Add a new area's array here. */
export const allRoutes: RouteDef[] = [
  ...serverSettingsRoutes,
  ...authRoutes,
  ...eventRoutes,
  ...messageRoutes,
  ...messageFlagRoutes,
  ...reactionRoutes,
  ...typingRoutes,
  ...uploadRoutes,
  ...streamRoutes,
  ...subscriptionRoutes,
  ...topicRoutes,
  ...userTopicRoutes,
  ...settingsRoutes,
  ...realmRoutes,
  ...statusRoutes,
  ...presenceRoutes,
  ...userRoutes,
  ...emojiRoutes,
  ...draftRoutes,
  ...savedSnippetRoutes,
  ...scheduledMessageRoutes,
  ...userGroupRoutes,
  ...linkifierRoutes,
  ...inviteRoutes,
];
