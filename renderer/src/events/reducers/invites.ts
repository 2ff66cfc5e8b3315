import type { EventReducer } from '../types';

/** GET /invites is the query ['getInvites', params] (api/queries.ts); this prefix covers every form of it. */
export const invitesRootKey = ['getInvites'] as const;

/**
 * `invites_changed`: the event says only that the set of pending invitations changed (sent,
 * revoked, resent or used), so the list is fetched again; an open invitations screen refetches at
 * once, a closed one on its next open.
 */
export const invitesChanged: EventReducer<'invites_changed'> = ({ queryClient }) => {
  void queryClient.invalidateQueries({ queryKey: invitesRootKey });
};
