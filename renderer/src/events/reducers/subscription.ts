import { feedRootKey, updateInitialState } from '../../api/keys';
import type { Narrow } from '../../api/narrow';
import { subscriptionsAfter } from '../../../../shared/register-state';
import type { EventReducer } from '../types';

/** `subscription`: the user's subscriptions and their properties (spec part 6). */
export const subscription: EventReducer<'subscription'> = ({ queryClient }, event) => {
  // Whether a channel is listed under "Subscribed" in GET /streams changed: those listings refetch.
  if (event.op === 'add' || event.op === 'remove') {
    void queryClient.invalidateQueries({ queryKey: ['getStreams'] });
    // No events come for a channel while the person is out of it: a feed of it kept from before
    // (a public channel can be read unsubscribed) misses what was sent meanwhile, so it refetches.
    const changed = new Set(event.subscriptions.map((x) => x.stream_id));
    void queryClient.invalidateQueries({
      queryKey: feedRootKey,
      predicate: (query) => {
        const narrow = (query.queryKey[1] as { narrow?: Narrow } | undefined)?.narrow;
        return (narrow?.kind === 'channel' || narrow?.kind === 'topic') && changed.has(narrow.streamId);
      },
    });
  }
  updateInitialState(queryClient, (s) => subscriptionsAfter(s, event));
};
