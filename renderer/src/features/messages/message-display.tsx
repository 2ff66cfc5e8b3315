import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { User, UserStatus } from '../../api/model';
import { useEmptyTopicName, useSelfId, useUserSetting, useUsers } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { useMutedUserIds } from '../users/muted-users';

/** What every message row shows from the register state besides the message itself. */
export interface MessageDisplay {
  selfId: number | undefined;
  users: Map<number, User>;
  emptyTopicName: string;
  /** display_emoji_reaction_users (spec 4.6). */
  reactionUsers: boolean;
  /** Statuses by user id (spec 4.11), shown on sender lines. */
  statuses: Record<string, UserStatus> | undefined;
  /** Senders whose messages are hidden until revealed (the real service's muted users). */
  mutedUserIds: ReadonlySet<number>;
}

const MessageDisplayContext = createContext<MessageDisplay | null>(null);

/**
 * Reads those values once for a whole feed. Rows mount and unmount by the dozen on every frame of
 * a fast scroll; a register-state subscription in each of them cost more than the row itself.
 */
export function MessageDisplayProvider({ children }: { children: ReactNode }) {
  const selfId = useSelfId();
  const users = useUsers();
  const emptyTopicName = useEmptyTopicName();
  const reactionUsers = useUserSetting<boolean>('display_emoji_reaction_users', false);
  const statuses = useInitialState((s) => s.user_status);
  const mutedUserIds = useMutedUserIds();
  const value = useMemo(
    () => ({ selfId, users, emptyTopicName, reactionUsers, statuses, mutedUserIds }),
    [selfId, users, emptyTopicName, reactionUsers, statuses, mutedUserIds],
  );
  return <MessageDisplayContext.Provider value={value}>{children}</MessageDisplayContext.Provider>;
}

export function useMessageDisplay(): MessageDisplay {
  const display = useContext(MessageDisplayContext);
  if (!display) throw new Error('message rows are rendered inside a MessageDisplayProvider');
  return display;
}
