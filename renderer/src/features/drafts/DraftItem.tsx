import { useMemo, useRef, useState } from 'react';
import { useFocusNeighbourOnRemoval } from '../../components/use-focus-neighbour';
import { errorText } from '../../api/call';
import { useBridge } from '../../app/bridge-context';
import { topicLabel, useEmptyTopicName, useSelfId, useUsers } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { formatDateTime, useTwentyFourHourTime } from '../../app/time-format';
import { deleteDraft, restoreDraft, saveDraftText } from './draft-actions';
import { narrowOfDraft, type DraftFields } from './draft-model';
import type { DraftRow } from './draft-rows';
import { isDraftMissing, syncDraft } from './draft-sync';
import { SafeHtml } from '../../components/SafeHtml';
import { renderPreview, type PreviewLookup } from '../compose/preview/render-preview';

function useConversationLabel(draft: DraftFields): string {
  const users = useUsers();
  const selfId = useSelfId();
  const emptyName = useEmptyTopicName();
  const channelName = useInitialState((s) => {
    if (draft.type !== 'stream') return undefined;
    const id = draft.to[0];
    return [...(s.subscriptions ?? []), ...(s.unsubscribed ?? []), ...(s.never_subscribed ?? [])].find(
      (c) => c.stream_id === id,
    )?.name;
  });
  if (draft.type === 'stream')
    return `#${channelName ?? `channel ${draft.to[0]}`} › ${topicLabel(draft.topic, emptyName)}`;
  if (draft.type === 'private') {
    const others = draft.to.filter((id) => id !== selfId);
    if (others.length === 0) return 'Note to self';
    return `To ${others.map((id) => users.get(id)?.full_name ?? `user ${id}`).join(', ')}`;
  }
  return 'No recipient yet';
}

/**
 * One draft: where it goes, its text, and what can be done with it. The list's first draft is where
 * the keyboard lands when the screen is opened for the drafts (`d`): on Restore, else on Edit.
 */
export function DraftItem({
  row,
  syncOn,
  lookup,
  first = false,
}: {
  row: DraftRow;
  syncOn: boolean;
  lookup: PreviewLookup;
  first?: boolean;
}) {
  const bridge = useBridge();
  const selfId = useSelfId();
  const label = useConversationLabel(row.draft);
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const card = useRef<HTMLLIElement>(null);
  useFocusNeighbourOnRemoval(card);
  const narrow = narrowOfDraft(row.draft, selfId);
  const twentyFour = useTwentyFourHourTime();
  const when = row.draft.timestamp ? formatDateTime(row.draft.timestamp, twentyFour) : '';

  const context = { bridge, row, narrow, selfId, syncOn };
  const run = async (task: () => Promise<void> | void) => {
    setBusy(true);
    setError(null);
    try {
      await task();
    } catch (e) {
      if (isDraftMissing(e)) {
        setMissing(true);
        setError('This draft no longer exists on the server: it was sent or deleted elsewhere.');
      } else setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const saveEdit = (content: string) =>
    run(async () => {
      await saveDraftText(context, content, missing);
      setMissing(false);
      setEditing(null);
    });
  const remove = () => run(() => deleteDraft(context));
  const restore = () => restoreDraft(context);

  return (
    <li ref={card} className="card" data-testid={`draft-${row.serverId ?? row.rowKey}`}>
      <header className="card-header">
        <strong className="ellipsis">{label}</strong>
        {row.localOnly && (
          <span className="tag" title="The newest text is only on this computer for now.">
            on this computer
          </span>
        )}
        <span className="muted small card-time">{when}</span>
      </header>
      {editing === null ? (
        <DraftContent content={row.draft.content} lookup={lookup} />
      ) : (
        <textarea
          className="card-edit"
          aria-label="Draft text"
          data-testid="draft-edit-text"
          rows={4}
          autoFocus
          value={editing}
          onChange={(e) => setEditing(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              setEditing(null);
            } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void saveEdit(editing);
            }
          }}
        />
      )}
      {error && (
        <p className="form-error" role="alert" data-testid="draft-error">
          {error}
        </p>
      )}
      <div className="card-actions">
        {editing === null ? (
          <>
            <button
              type="button"
              className="btn btn-small btn-primary"
              data-testid="draft-restore"
              data-section-focus={(first && narrow !== null) || undefined}
              disabled={!narrow || busy}
              title={
                narrow
                  ? 'Open the conversation with this text in its compose box'
                  : 'This draft has no recipient'
              }
              onClick={restore}
            >
              Restore
            </button>
            <button
              type="button"
              className="btn btn-small"
              data-testid="draft-edit"
              data-section-focus={(first && narrow === null) || undefined}
              disabled={busy}
              onClick={() => setEditing(row.draft.content)}
            >
              Edit
            </button>
            {syncOn && row.localOnly && row.local && (
              <button
                type="button"
                className="btn btn-small"
                data-testid="draft-upload"
                disabled={busy}
                onClick={() => void run(() => syncDraft(bridge, row.local!.key))}
              >
                Save to server
              </button>
            )}
            <button
              type="button"
              className="btn btn-small"
              data-testid="draft-delete"
              // Not `disabled`: a disabled button drops the focus, which should go on to the next
              // draft once this one is gone.
              aria-disabled={busy || undefined}
              onClick={() => void (busy || remove())}
            >
              {busy ? 'Deleting…' : 'Delete'}
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="btn btn-small btn-primary"
              data-testid="draft-save"
              disabled={busy || !editing.trim()}
              onClick={() => void saveEdit(editing)}
            >
              {missing ? 'Save as a new draft' : busy ? 'Saving…' : 'Save'}
            </button>
            <button type="button" className="btn btn-small" onClick={() => setEditing(null)} disabled={busy}>
              Cancel
            </button>
          </>
        )}
      </div>
    </li>
  );
}

/** The draft's text rendered as its message will be (sanitized like every message). */
function DraftContent({ content, lookup }: { content: string; lookup: PreviewLookup }) {
  const html = useMemo(() => renderPreview(content, lookup), [content, lookup]);
  return <SafeHtml html={html} className="card-content rendered" testId="draft-content" />;
}
