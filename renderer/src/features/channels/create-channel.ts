import type { EndpointParams } from '../../../../shared/api';

/** What the Create channel dialog holds, and how it becomes a POST /users/me/subscriptions. */
export interface NewChannel {
  name: string;
  description: string;
  privacy: 'public' | 'private';
  /** Private channels only: whether people added later read the earlier messages. */
  historyForNewMembers: boolean;
  /** Initial members besides the creator. */
  memberIds: number[];
}

/**
 * Why the name cannot be used, or null. A name an existing channel has would subscribe to that
 * channel instead of creating one (POST /users/me/subscriptions creates only missing channels),
 * so it is refused here; names the user cannot see are the server's to refuse.
 */
export function channelNameProblem(
  raw: string,
  known: readonly { name: string }[],
  maxLength: number | undefined,
): string | null {
  const name = raw.trim();
  if (name === '') return 'Give the channel a name.';
  if (maxLength !== undefined && name.length > maxLength)
    return `Channel names are at most ${maxLength} characters.`;
  const taken = known.find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (taken) return `There is already a channel named #${taken.name}.`;
  return null;
}

export function createChannelParams(form: NewChannel, selfId: number): EndpointParams<'subscribe'> {
  const description = form.description.trim();
  const params: EndpointParams<'subscribe'> = {
    subscriptions: [{ name: form.name.trim(), ...(description ? { description } : {}) }],
    principals: [selfId, ...form.memberIds.filter((id) => id !== selfId)],
    invite_only: form.privacy === 'private',
  };
  if (form.privacy === 'private') params.history_public_to_subscribers = form.historyForNewMembers;
  return params;
}
