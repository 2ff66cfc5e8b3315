/**
 * display_emoji_reaction_users (spec 4.6): with it on, a message with few reactions names who
 * reacted on each chip instead of counting them. "Few" follows the public API's description of
 * the setting: at most three reactions on the whole message.
 */
export const NAMES_UP_TO_REACTIONS = 3;

export function showReactionUsers(displayUsers: boolean, totalReactions: number): boolean {
  return displayUsers && totalReactions <= NAMES_UP_TO_REACTIONS;
}

/** The chip's text: the count, or the names with the current user as "You". */
export function reactionChipText(
  userIds: readonly number[],
  namesShown: boolean,
  selfId: number | undefined,
  nameOf: (userId: number) => string,
): string {
  if (!namesShown) return String(userIds.length);
  return userIds.map((id) => (id === selfId ? 'You' : nameOf(id))).join(', ');
}

const people = new Intl.ListFormat('en', { type: 'conjunction' });

/** Who reacted, as the chip's tooltip and its accessible name say it: "You and Ben Okafor reacted with :tada:". */
export function reactionTitle(
  userIds: readonly number[],
  emojiName: string,
  selfId: number | undefined,
  nameOf: (userId: number) => string,
): string {
  const mineFirst = [...userIds].sort((a, b) => Number(b === selfId) - Number(a === selfId));
  return `${people.format(mineFirst.map((id) => (id === selfId ? 'You' : nameOf(id))))} reacted with :${emojiName}:`;
}
