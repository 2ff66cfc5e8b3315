import memoizeOne from 'memoize-one';
import { useMutation } from '@tanstack/react-query';
import type { MutedUser } from '../../../../shared/api/resources';
import type { Message, User } from '../../api/model';
import type { Narrow } from '../../api/narrow';
import { parseSearch } from '../../api/search-query';
import { callApi } from '../../api/call';
import { useBridge } from '../../app/bridge-context';
import { useInitialState } from '../../app/session';

/** The ids of the register state's `muted_users` (kept current by `muted_users` events). */
export function mutedUserIds(mutedUsers: readonly MutedUser[] | undefined): ReadonlySet<number> {
  return new Set((mutedUsers ?? []).map((u) => u.id));
}

/**
 * A one-on-one conversation with someone muted: the real service leaves it out of the lists of
 * conversations (direct messages, Recent conversations). Group conversations stay.
 */
export function withMutedPerson(otherUserIds: readonly number[], muted: ReadonlySet<number>): boolean {
  return otherUserIds.length === 1 && muted.has(otherUserIds[0]!);
}

/**
 * A message of a one-on-one conversation with someone muted: the real service leaves these out of
 * every view but that conversation itself and a search for it (`dm:`).
 */
export function inDmWithMuted(
  message: Message,
  selfId: number | undefined,
  muted: ReadonlySet<number>,
): boolean {
  if (!Array.isArray(message.display_recipient)) return false;
  const others = message.display_recipient.filter((r) => r.id !== selfId);
  return others.length === 1 && muted.has(others[0]!.id);
}

/** Whether a view shows one-on-one conversations with muted people (see `inDmWithMuted`). */
export function showsDmsWithMuted(narrow: Narrow): boolean {
  if (narrow.kind === 'dm') return true;
  if (narrow.kind !== 'search') return false;
  return parseSearch(narrow.query).terms.some((t) => t.operator === 'dm' && !t.negated);
}

/**
 * How the real service names a muted person where it still shows them (the recipients of group
 * conversations, conversation headers, reactions, a hidden message's sender).
 */
export const MUTED_USER_NAME = 'Muted user';

/** A person's name as the lists of conversations show it: "Muted user" for someone muted. */
export function shownName(
  userId: number,
  users: ReadonlyMap<number, User>,
  muted: ReadonlySet<number>,
  unknown = `User ${userId}`,
): string {
  if (muted.has(userId)) return MUTED_USER_NAME;
  return users.get(userId)?.full_name ?? unknown;
}

/** One set per version of the list, shared by every component that asks. */
const sharedMutedUserIds = memoizeOne(mutedUserIds);

export function useMutedUserIds(): ReadonlySet<number> {
  return sharedMutedUserIds(useInitialState((s) => s.muted_users));
}

/** Mute or unmute someone; the server's `muted_users` event then changes what the screens show. */
export function useMuteUser() {
  const bridge = useBridge();
  return useMutation({
    mutationFn: ({ userId, mute }: { userId: number; mute: boolean }) =>
      mute
        ? callApi(bridge, 'muteUser', { muted_user_id: userId })
        : callApi(bridge, 'unmuteUser', { muted_user_id: userId }),
  });
}
