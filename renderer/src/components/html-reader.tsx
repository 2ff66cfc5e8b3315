import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { userInGroupSetting } from '../app/permissions';
import { useInitialState } from '../app/session';
import { useTwentyFourHourTime } from '../app/time-format';
import type { Reader } from './sanitize';

const HtmlReaderContext = createContext<Reader | undefined>(undefined);

/**
 * Who reads the server's HTML (their mentions, groups and clock; see `Reader` in sanitize.ts),
 * read once for the whole window: every message row has a SafeHtml, and rows mount by the dozen on
 * every frame of a fast scroll, where a register-state subscription in each cost more than the row.
 */
export function HtmlReaderProvider({ children }: { children: ReactNode }) {
  const userId = useInitialState((s) => s.user_id);
  const groups = useInitialState((s) => s.realm_user_groups);
  const twentyFourHourTime = useTwentyFourHourTime();
  const reader = useMemo<Reader>(
    () => ({
      userId,
      twentyFourHourTime,
      isInGroup: (groupId) => userId !== undefined && userInGroupSetting(groupId, userId, groups ?? []),
    }),
    [userId, groups, twentyFourHourTime],
  );
  return <HtmlReaderContext.Provider value={reader}>{children}</HtmlReaderContext.Provider>;
}

/** The reader, or undefined outside a signed-in window (the sign-in screen): nothing is marked. */
export function useHtmlReader(): Reader | undefined {
  return useContext(HtmlReaderContext);
}
