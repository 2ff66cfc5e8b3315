import { useMemo } from 'react';
import type { Narrow } from '../../api/narrow';
import { MENTIONS_QUERY, searchTitle } from '../../api/search-query';
import { findUser, topicLabel, useEmptyTopicName, useUsers } from '../../app/realm';
import { useChannelIndex } from '../channels/hooks';
import { shownName, useMutedUserIds } from '../users/muted-users';

/** The title's parts: a topic's channel and topic, cut apart when they do not fit, so both stay seen. */
export function useNarrowTitle(narrow: Narrow): string[] {
  const channels = useChannelIndex();
  const users = useUsers();
  const muted = useMutedUserIds();
  const emptyName = useEmptyTopicName();
  const query = narrow.kind === 'search' ? narrow.query : null;
  const searchText = useMemo(
    () => (query === null ? '' : searchTitle(query, (person) => findUser(users, person)?.full_name)),
    [query, users],
  );
  switch (narrow.kind) {
    case 'all':
      return ['All messages'];
    case 'starred':
      return ['Starred messages'];
    case 'search':
      // Named as the view it is, however it was reached (the sidebar, or typed), as the real service does.
      return [narrow.query.trim() === MENTIONS_QUERY ? 'Mentions' : `Search: ${searchText}`];
    case 'channel':
      return [`# ${channels.get(narrow.streamId)?.name ?? narrow.streamId}`];
    case 'topic':
      return [
        `# ${channels.get(narrow.streamId)?.name ?? narrow.streamId}`,
        topicLabel(narrow.topic, emptyName),
      ];
    case 'dm':
      return [
        narrow.userIds.length
          ? narrow.userIds.map((id) => shownName(id, users, muted)).join(', ')
          : 'Notes to self',
      ];
  }
}
