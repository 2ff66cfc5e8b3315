import { useSelfId, useUsers } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { useTwentyFourHourTime } from '../../app/time-format';
import { UserCard } from './UserCard';

/** The card of the person a mention in a message names, opened by a click on it (as in the real service). */
export function MentionCard({
  userId,
  anchor,
  onClose,
}: {
  userId: number;
  anchor: Element;
  onClose: () => void;
}) {
  const users = useUsers();
  const selfId = useSelfId();
  const statuses = useInitialState((s) => s.user_status);
  const twentyFour = useTwentyFourHourTime();
  const user = users.get(userId);
  if (!user) return null;
  return (
    <UserCard
      user={user}
      status={statuses?.[String(userId)]}
      isSelf={userId === selfId}
      twentyFour={twentyFour}
      anchor={anchor}
      onClose={onClose}
    />
  );
}
