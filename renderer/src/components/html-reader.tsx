import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { userInGroupSetting } from '../app/permissions';
import { useUsers } from '../app/realm';
import { useInitialState } from '../app/session';
import { useChannelIndex } from '../features/channels/hooks';
import { useTwentyFourHourTime } from '../app/time-format';
import type { Reader } from './sanitize';

const HtmlReaderContext = createContext<Reader | undefined>(undefined);

/**
 * Who reads the server's HTML (their mentions, groups, clock and the names of now; see `Reader` in
 * sanitize.ts), read once for the whole window: every message row has a SafeHtml, and rows mount
 * by the dozen on every frame of a fast scroll, where a register-state subscription in each cost
 * more than the row. It changes when one of those does (a rename, a new person), and the rows on
 * screen are cleaned again then.
 */
export function HtmlReaderProvider({ children }: { children: ReactNode }) {
  const userId = useInitialState((s) => s.user_id);
  const groups = useInitialState((s) => s.realm_user_groups);
  const twentyFourHourTime = useTwentyFourHourTime();
  const users = useUsers();
  const channels = useChannelIndex();
  const reader = useMemo<Reader>(() => {
    const groupNames = new Map((groups ?? []).map((g) => [g.id, g.name]));
    return {
      userId,
      twentyFourHourTime,
      isInGroup: (groupId) => userId !== undefined && userInGroupSetting(groupId, userId, groups ?? []),
      names: {
        user: (id) => users.get(id)?.full_name,
        group: (id) => groupNames.get(id),
        channel: (id) => channels.get(id)?.name,
      },
    };
  }, [userId, groups, twentyFourHourTime, users, channels]);
  return <HtmlReaderContext.Provider value={reader}>{children}</HtmlReaderContext.Provider>;
}

/** The reader, or undefined outside a signed-in window (the sign-in screen): nothing is marked. */
export function useHtmlReader(): Reader | undefined {
  return useContext(HtmlReaderContext);
}
