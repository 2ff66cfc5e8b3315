import type { EndpointResponse } from '../../../../shared/api';
import { channelsAfter, channelUpdater } from '../../../../shared/register-state';
import { updateInitialState } from '../../api/keys';
import type { EventReducer } from '../types';

/** `stream`: channel created, deleted or changed; keeps subscriptions and cached channel queries current. */
export const stream: EventReducer<'stream'> = ({ queryClient }, event) => {
  updateInitialState(queryClient, (s) => channelsAfter(s, event));
  if (event.op !== 'update') {
    // Which listings a new channel belongs to depends on the filters: let them refetch.
    void queryClient.invalidateQueries({ queryKey: ['getStreams'] });
    return;
  }
  const apply = channelUpdater(event);
  queryClient.setQueriesData<EndpointResponse<'getStreams'>>({ queryKey: ['getStreams'] }, (data) =>
    data ? { ...data, streams: data.streams.map(apply) } : data,
  );
  queryClient.setQueriesData<EndpointResponse<'getStreamById'>>(
    { queryKey: ['getStreamById', { stream_id: event.stream_id }] },
    (data) => (data ? { ...data, stream: apply(data.stream) } : data),
  );
  if (event.property === 'is_default_stream')
    void queryClient.invalidateQueries({ queryKey: ['getStreams'] });
};
