import { lazy, type ComponentType } from 'react';
import { AboutScreen } from '../about/AboutScreen';
import { BotsScreen } from '../bots/BotsScreen';
import { DraftsScreen } from '../drafts/DraftsScreen';
import { InvitationsScreen } from '../invitations/InvitationsScreen';
import { OrgDefaults } from '../org-defaults/OrgDefaults';
import { ScheduledMessagesScreen } from '../scheduled/ScheduledMessagesScreen';
import { SnippetsScreen } from '../snippets/SnippetsScreen';
import { StatusEditor } from '../status/StatusEditor';
import { UserGroupsScreen } from '../user-groups/UserGroupsScreen';
import { MutedUsersScreen } from '../users/MutedUsersScreen';
import { PersonalSettings } from './PersonalSettings';
import type { SectionId } from './screen-store';

export interface Section {
  id: SectionId;
  label: string;
  heading: 'You' | 'Organization';
  component: ComponentType;
  /** Who sees the entry; the screen itself still works (and shows the server's refusal) for others. */
  visible: (who: { isAdmin: boolean; isGuest: boolean; mayInvite: boolean }) => boolean;
}

const everyone = () => true;

// Loaded on first visit: its tester brings the RE2 engine (about 270 kB), which the chat itself does not need.
const LinkifiersScreen = lazy(() =>
  import('../linkifiers/LinkifiersScreen').then((module) => ({ default: module.LinkifiersScreen })),
);

export const SECTIONS: readonly Section[] = [
  {
    id: 'personal',
    label: 'Personal settings',
    heading: 'You',
    component: PersonalSettings,
    visible: everyone,
  },
  { id: 'status', label: 'Status', heading: 'You', component: StatusEditor, visible: everyone },
  { id: 'drafts', label: 'Drafts', heading: 'You', component: DraftsScreen, visible: everyone },
  {
    id: 'scheduled',
    label: 'Scheduled messages',
    heading: 'You',
    component: ScheduledMessagesScreen,
    visible: everyone,
  },
  { id: 'snippets', label: 'Saved snippets', heading: 'You', component: SnippetsScreen, visible: everyone },
  { id: 'muted-users', label: 'Muted users', heading: 'You', component: MutedUsersScreen, visible: everyone },
  { id: 'bots', label: 'Bots', heading: 'You', component: BotsScreen, visible: (w) => !w.isGuest },
  {
    id: 'user-groups',
    label: 'User groups',
    heading: 'Organization',
    component: UserGroupsScreen,
    visible: everyone,
  },
  {
    id: 'invitations',
    label: 'Invite people',
    heading: 'Organization',
    component: InvitationsScreen,
    // The organization's "who can invite" (realm_can_invite_users_group), as the real service does.
    visible: (w) => w.mayInvite,
  },
  {
    id: 'org-defaults',
    label: 'Default settings',
    heading: 'Organization',
    component: OrgDefaults,
    // Every member may look (read-only but for administrators), as in the real service.
    visible: (w) => !w.isGuest,
  },
  {
    id: 'linkifiers',
    label: 'Linkifiers',
    heading: 'Organization',
    component: LinkifiersScreen,
    visible: (w) => !w.isGuest,
  },
  { id: 'about', label: 'About', heading: 'Organization', component: AboutScreen, visible: everyone },
];
