/**
 * A direct-message conversation is named by its other participants: the same people make the same
 * conversation whichever of them sent a message, and a conversation with oneself has none.
 */

/** The participants other than oneself, ascending. */
export function otherParticipants(userIds: readonly number[], selfId: number | undefined): number[] {
  return userIds.filter((id) => id !== selfId).sort((a, b) => a - b);
}

/** A direct-message conversation's key: its other participants' ids, sorted (empty with oneself). */
export function dmConversationKey(userIds: readonly number[], selfId: number | undefined): string {
  return otherParticipants(userIds, selfId).join(',');
}
