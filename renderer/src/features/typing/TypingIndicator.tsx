import { useUsers } from '../../app/realm';
import { useTypingStore } from '../../state/typing';
import { useMutedUserIds } from '../users/muted-users';

export function typingText(names: string[]): string {
  if (names.length === 0) return '';
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return 'Several people are typing…';
}

/** "X is typing…" for one conversation key (see state/typing.ts); people the user muted are not shown, as in the real service. */
export function TypingIndicator({ conversationKey }: { conversationKey: string | null }) {
  const users = useUsers();
  const muted = useMutedUserIds();
  const typists = useTypingStore((s) => (conversationKey ? s.typists[conversationKey] : undefined));
  const names = (typists ?? [])
    .filter((t) => !muted.has(t.userId))
    .map((t) => users.get(t.userId)?.full_name ?? 'Someone');
  return (
    <div className="typing-indicator" aria-live="polite" data-testid="typing-indicator">
      {typingText(names)}
    </div>
  );
}
