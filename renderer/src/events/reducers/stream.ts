import type { EndpointResponse } from '../../../../shared/api';
import { updateInitialState } from '../../api/keys';
import type { EventReducer } from '../types';

/** `stream`: channel created, deleted or changed; keeps subscriptions and cached channel queries current. */
export const stream: EventReducer<'stream'> = ({ queryClient }, event) => {
  if (event.op === 'create') {
    updateInitialState(queryClient, (s) => ({
      ...s,
      never_subscribed: [...(s.never_subscribed ?? []), ...event.streams],
    }));
    // Which listings a new channel belongs to depends on the filters: let them refetch.
    void queryClient.invalidateQueries({ queryKey: ['getStreams'] });
    return;
  }
  if (event.op === 'delete') {
    const ids = new Set([...(event.streams ?? []).map((c) => c.stream_id), ...(event.stream_ids ?? [])]);
    updateInitialState(queryClient, (s) => ({
      ...s,
      subscriptions: (s.subscriptions ?? []).filter((x) => !ids.has(x.stream_id)),
      unsubscribed: (s.unsubscribed ?? []).filter((x) => !ids.has(x.stream_id)),
      never_subscribed: (s.never_subscribed ?? []).filter((x) => !ids.has(x.stream_id)),
    }));
    void queryClient.invalidateQueries({ queryKey: ['getStreams'] });
    return;
  }
  const streamId = event.stream_id;
  const patch: Record<string, unknown> = { [event.property]: event.value };
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
  queryClient.setQueriesData<EndpointResponse<'getStreams'>>({ queryKey: ['getStreams'] }, (data) =>
    data ? { ...data, streams: data.streams.map(apply) } : data,
  );
  queryClient.setQueriesData<EndpointResponse<'getStreamById'>>(
    { queryKey: ['getStreamById', { stream_id: streamId }] },
    (data) => (data ? { ...data, stream: apply(data.stream) } : data),
  );
  if (event.property === 'is_default_stream')
    void queryClient.invalidateQueries({ queryKey: ['getStreams'] });
};
