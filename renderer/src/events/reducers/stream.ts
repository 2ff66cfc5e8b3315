import { updateInitialState } from '../../api/keys';
import type { Channel, Subscription } from '../../api/model';
import type { EventReducer } from '../types';

/** `stream`: channel created, deleted or changed; keeps subscriptions and cached channel queries current. */
export const stream: EventReducer = ({ queryClient }, event) => {
  const op = event.op as string;
  if (op === 'create' || op === 'delete') {
    const ids = new Set([
      ...((event.streams as Channel[] | undefined) ?? []).map((c) => c.stream_id),
      ...((event.stream_ids as number[] | undefined) ?? []),
    ]);
    updateInitialState(queryClient, (s) =>
      op === 'create'
        ? {
            ...s,
            never_subscribed: [...(s.never_subscribed ?? []), ...((event.streams as Subscription[]) ?? [])],
          }
        : {
            ...s,
            subscriptions: (s.subscriptions ?? []).filter((x) => !ids.has(x.stream_id)),
            unsubscribed: (s.unsubscribed ?? []).filter((x) => !ids.has(x.stream_id)),
            never_subscribed: (s.never_subscribed ?? []).filter((x) => !ids.has(x.stream_id)),
          },
    );
    // Which listings a new channel belongs to depends on the filters: let them refetch.
    void queryClient.invalidateQueries({ queryKey: ['getStreams'] });
    return;
  }
  if (op !== 'update') return;
  const streamId = event.stream_id as number;
  const patch: Record<string, unknown> = { [event.property as string]: event.value };
  if (event.property === 'name') patch.name = event.value;
  if (event.rendered_description !== undefined) patch.rendered_description = event.rendered_description;
  if (event.history_public_to_subscribers !== undefined)
    patch.history_public_to_subscribers = event.history_public_to_subscribers;
  if (event.is_web_public !== undefined) patch.is_web_public = event.is_web_public;
  if (event.property === 'is_private' || event.property === 'invite_only') patch.invite_only = event.value;

  const apply = <T extends { stream_id: number }>(x: T): T =>
    x.stream_id === streamId ? { ...x, ...patch } : x;
  updateInitialState(queryClient, (s) => ({
    ...s,
    subscriptions: s.subscriptions?.map(apply),
    unsubscribed: s.unsubscribed?.map(apply),
    never_subscribed: s.never_subscribed?.map(apply),
  }));
  queryClient.setQueriesData<{ streams: Channel[] }>({ queryKey: ['getStreams'] }, (data) =>
    data ? { ...data, streams: data.streams.map(apply) } : data,
  );
  queryClient.setQueriesData<{ stream: Channel }>(
    { queryKey: ['getStreamById', { stream_id: streamId }] },
    (data) => (data ? { ...data, stream: apply(data.stream) } : data),
  );
  if (event.property === 'is_default_stream')
    void queryClient.invalidateQueries({ queryKey: ['getStreams'] });
};
