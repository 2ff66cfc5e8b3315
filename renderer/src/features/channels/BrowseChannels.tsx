import { useMemo, useRef, useState } from 'react';
import { useApiQuery } from '../../api/queries';
import { useIsAdmin } from '../../app/realm';
import { Dialog } from '../../components/Dialog';
import { SafeHtml } from '../../components/SafeHtml';
import { Empty, ErrorState, Loading } from '../../components/states';
import { VirtualList, type VirtualListHandle } from '../../components/VirtualList';
import { useDialogStore } from '../../state/dialogs';
import { useNarrowStore } from '../../state/narrow';
import { ChannelIcon } from '../../components/icons';
import {
  DEFAULT_BROWSE_FILTERS,
  defaultChannelsQuery,
  channelsMatching,
  hasSource,
  listedChannels,
  streamsQuery,
  type BrowseFilters,
} from './browse-filters';
import { JoinLeaveButton } from './JoinLeaveButton';
import { useChannelCreationRights } from './creation-rights';

/** Each filter's label and test id (the GET /streams parameter it stands for, where there is one). */
const FILTERS: { key: keyof BrowseFilters; label: string; testId: string; adminOnly?: boolean }[] = [
  { key: 'public', label: 'Public', testId: 'filter-include_public' },
  { key: 'webPublic', label: 'Web-public', testId: 'filter-include_web_public' },
  { key: 'subscribed', label: 'Subscribed', testId: 'filter-include_subscribed' },
  { key: 'all', label: 'All channels (administrators)', testId: 'filter-include_all', adminOnly: true },
  { key: 'defaultOnly', label: 'Only default channels', testId: 'filter-default_only' },
  { key: 'hideArchived', label: 'Hide archived', testId: 'filter-exclude_archived' },
];

/** Browse the channels the user can see, join or leave them, or create one (filters: browse-filters.ts). */
export function BrowseChannels() {
  const close = useDialogStore((s) => s.close);
  const open = useDialogStore((s) => s.open);
  const select = useNarrowStore((s) => s.select);
  const isAdmin = useIsAdmin();
  const mayCreate = useChannelCreationRights().any;
  const [filters, setFilters] = useState<BrowseFilters>(DEFAULT_BROWSE_FILTERS);
  const query = streamsQuery(filters);
  const streams = useApiQuery('getStreams', query ?? {}, { enabled: query !== null });
  const defaults = useApiQuery('getStreams', defaultChannelsQuery);
  const defaultIds = useMemo(
    () => new Set((defaults.data?.streams ?? []).map((c) => c.stream_id)),
    [defaults.data],
  );
  // A name typed narrows the list: a big organization's 2,000 channels were 170 screens to scroll.
  const [name, setName] = useState('');
  const typed = name.trim();
  const listed = listedChannels(streams.data?.streams ?? [], filters, defaultIds);
  const list = channelsMatching(listed, typed);
  const rows = useRef<VirtualListHandle>(null);
  const openChannel = (streamId: number) => {
    select({ kind: 'channel', streamId });
    close();
  };
  const waiting = streams.isPending || (filters.defaultOnly && defaults.isPending);
  const failed = streams.isError ? streams : filters.defaultOnly && defaults.isError ? defaults : null;

  return (
    <Dialog title="Browse channels" onClose={close} testId="browse-channels-dialog" wide>
      <div className="browse-toolbar">
        <input
          type="search"
          className="browse-name-filter"
          placeholder="Filter channels by name or description"
          aria-label="Filter channels by name or description"
          data-testid="browse-name-filter"
          autoFocus
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            const first = list[0];
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              rows.current?.focusRow(0);
            } else if (e.key === 'Enter' && first) {
              e.preventDefault();
              openChannel(first.stream_id);
            } else if (e.key === 'Escape' && name) {
              // Esc empties the field first; the next one closes the dialog.
              e.preventDefault();
              e.stopPropagation();
              setName('');
            }
          }}
        />
        <fieldset className="filters" aria-label="Filters">
          {FILTERS.filter((f) => !f.adminOnly || isAdmin).map((f) => (
            <label key={f.key} className="check">
              <input
                type="checkbox"
                data-testid={f.testId}
                checked={filters[f.key]}
                onChange={(e) => setFilters((current) => ({ ...current, [f.key]: e.target.checked }))}
              />
              {f.label}
            </label>
          ))}
        </fieldset>
        {mayCreate && (
          <button
            type="button"
            className="btn btn-small"
            data-testid="open-create-channel"
            onClick={() => open({ kind: 'create-channel' })}
          >
            Create channel
          </button>
        )}
      </div>
      {!hasSource(filters) ? (
        <Empty>
          <span data-testid="browse-no-source">
            Turn on Public, Web-public or Subscribed{isAdmin ? ' (or All channels)' : ''} to list channels.
          </span>
        </Empty>
      ) : waiting ? (
        <Loading />
      ) : failed ? (
        <ErrorState error={failed.error} retry={() => void failed.refetch()} />
      ) : list.length === 0 ? (
        <Empty>
          {typed
            ? `No channel named or described like “${typed}” with these filters.`
            : 'No channel matches these filters.'}
        </Empty>
      ) : (
        <VirtualList
          items={list}
          label="Channels"
          testId="browse-list"
          handle={rows}
          className="browse-list"
          estimateSize={56}
          getKey={(c) => c.stream_id}
          renderRow={(c) => (
            <div className="browse-row" data-testid={`browse-row-${c.name}`}>
              <div className="browse-row-main">
                <button
                  type="button"
                  className="btn-link browse-name"
                  data-testid={`browse-${c.name}`}
                  onClick={() => openChannel(c.stream_id)}
                >
                  <ChannelIcon inviteOnly={c.invite_only} webPublic={c.is_web_public} /> {c.name}
                </button>
                <span className="tags">
                  {c.is_archived && <span className="tag">archived</span>}
                  {c.is_web_public && <span className="tag">web-public</span>}
                  {c.invite_only && <span className="tag">private</span>}
                  {defaultIds.has(c.stream_id) && (
                    <span className="tag" data-testid={`default-${c.name}`}>
                      default
                    </span>
                  )}
                </span>
                <JoinLeaveButton channel={c} testId={`join-leave-${c.name}`} />
              </div>
              {c.rendered_description ? (
                <SafeHtml
                  className="browse-description muted small"
                  html={c.rendered_description}
                  testId={`browse-description-${c.name}`}
                />
              ) : (
                <span className="browse-description muted small">No description.</span>
              )}
            </div>
          )}
        />
      )}
    </Dialog>
  );
}
