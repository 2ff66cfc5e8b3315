import { useState } from 'react';
import type { Channel } from '../../api/model';
import { useApiQuery } from '../../api/queries';
import { ep } from '../../api/endpoints';
import { useIsAdmin } from '../../app/realm';
import { Dialog } from '../../components/Dialog';
import { Empty, ErrorState, Loading } from '../../components/states';
import { VirtualList } from '../../components/VirtualList';
import { useDialogStore } from '../../state/dialogs';
import { useNarrowStore } from '../../state/narrow';
import { ChannelIcon } from '../../components/icons';

/** The GET /streams filters of spec 4.9, with the spec's defaults. */
export interface StreamFilters {
  include_public: boolean;
  include_web_public: boolean;
  include_subscribed: boolean;
  exclude_archived: boolean;
  include_all: boolean;
  include_default: boolean;
}

export const DEFAULT_FILTERS: StreamFilters = {
  include_public: true,
  include_web_public: false,
  include_subscribed: true,
  exclude_archived: true,
  include_all: false,
  include_default: false,
};

const LABELS: Record<keyof StreamFilters, string> = {
  include_public: 'Public',
  include_web_public: 'Web-public',
  include_subscribed: 'Subscribed',
  exclude_archived: 'Hide archived',
  include_all: 'All channels (administrators)',
  include_default: 'Mark default channels',
};

/** Browse every channel the user can access, with every filter of GET /streams. */
export function BrowseChannels() {
  const close = useDialogStore((s) => s.close);
  const select = useNarrowStore((s) => s.select);
  const isAdmin = useIsAdmin();
  const [filters, setFilters] = useState<StreamFilters>(DEFAULT_FILTERS);
  const streams = useApiQuery<{ streams: Channel[] }>(ep.streams, { ...filters });
  const list = [...(streams.data?.streams ?? [])].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <Dialog title="Browse channels" onClose={close} testId="browse-channels-dialog" wide>
      <fieldset className="filters" aria-label="Filters">
        {(Object.keys(LABELS) as (keyof StreamFilters)[])
          .filter((key) => key !== 'include_all' || isAdmin)
          .map((key) => (
            <label key={key} className="check">
              <input
                type="checkbox"
                data-testid={`filter-${key}`}
                checked={filters[key]}
                onChange={(e) => setFilters((f) => ({ ...f, [key]: e.target.checked }))}
              />
              {LABELS[key]}
            </label>
          ))}
      </fieldset>
      {streams.isPending && <Loading />}
      {streams.isError && <ErrorState error={streams.error} retry={() => void streams.refetch()} />}
      {streams.isSuccess && list.length === 0 && <Empty>No channel matches these filters.</Empty>}
      {streams.isSuccess && list.length > 0 && (
        <VirtualList
          items={list}
          label="Channels"
          testId="browse-list"
          className="browse-list"
          estimateSize={48}
          getKey={(c) => c.stream_id}
          renderRow={(c) => (
            <button
              type="button"
              className="browse-row"
              data-testid={`browse-${c.name}`}
              onClick={() => {
                select({ kind: 'channel', streamId: c.stream_id });
                close();
              }}
            >
              <strong>
                <ChannelIcon inviteOnly={c.invite_only} webPublic={c.is_web_public} /> {c.name}
              </strong>
              <span className="tags">
                {c.is_archived && <span className="tag">archived</span>}
                {c.is_web_public && <span className="tag">web-public</span>}
                {c.invite_only && <span className="tag">private</span>}
                {c.is_default && (
                  <span className="tag" data-testid={`default-${c.name}`}>
                    default
                  </span>
                )}
              </span>
              <span className="muted small ellipsis">{c.description}</span>
            </button>
          )}
        />
      )}
    </Dialog>
  );
}
