import { useEffect, useMemo, useState } from 'react';
import { callApi, errorText } from '../../api/call';
import { conversationKey } from '../../api/narrow';
import { useBridge } from '../../app/bridge-context';
import { topicLabel, useEmptyTopicName, useSelfId, useUserSetting, useUsers } from '../../app/realm';
import { useInitialState, useSession } from '../../app/session';
import { formatDateTime, useTwentyFourHourTime } from '../../app/time-format';
import { Empty, Loading } from '../../components/states';
import { useComposeStore } from '../../state/compose';
import { useNarrowStore } from '../../state/narrow';
import { useSettingsScreen } from '../settings/screen-store';
import { draftInput, narrowOfDraft, nowSeconds, type DraftFields, type DraftInput } from './draft-model';
import { draftRows, type DraftRow } from './draft-rows';
import { discardServerCopies, discardServerDraft, isDraftMissing, syncDraft } from './draft-sync';
import { useLocalDrafts } from './local-drafts';

/** Spec 4.12: every draft, newest first; edit, restore into its compose box, or delete. */
export function DraftsScreen() {
  const accountId = useSession().data?.accountId;
  const serverDrafts = useInitialState((s) => s.drafts);
  const syncOn = useUserSetting<boolean>('enable_drafts_synchronization', true);
  const local = useLocalDrafts((s) => s.drafts);
  const loadedFor = useLocalDrafts((s) => s.accountId);
  useEffect(() => {
    if (accountId) useLocalDrafts.getState().load(accountId);
  }, [accountId]);
  const rows = useMemo(() => draftRows(serverDrafts ?? [], local, syncOn), [serverDrafts, local, syncOn]);

  return (
    <div className="settings-page" data-testid="drafts-screen">
      <h2>Drafts</h2>
      <p className="muted small">
        {syncOn
          ? 'Drafts are saved on the server and on this computer.'
          : 'Drafts are saved on this computer only (server sync is off in your settings).'}
      </p>
      {loadedFor !== accountId ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Empty>No drafts. What you type in a compose box is kept here until you send it.</Empty>
      ) : (
        <ul className="card-list" aria-label="Drafts" data-testid="drafts-list">
          {rows.map((row) => (
            <DraftItem key={row.rowKey} row={row} syncOn={syncOn} />
          ))}
        </ul>
      )}
    </div>
  );
}

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

function DraftItem({ row, syncOn }: { row: DraftRow; syncOn: boolean }) {
  const bridge = useBridge();
  const selfId = useSelfId();
  const label = useConversationLabel(row.draft);
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const narrow = narrowOfDraft(row.draft, selfId);
  const twentyFour = useTwentyFourHourTime();
  const when = row.draft.timestamp ? formatDateTime(row.draft.timestamp, twentyFour) : '';

  const run = async (task: () => Promise<void>) => {
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
      const draft: DraftInput = { ...draftInput(row.draft), content, timestamp: nowSeconds() };
      const store = useLocalDrafts.getState();
      if (row.serverId !== undefined && !missing) {
        await callApi(bridge, 'updateDraft', { draft_id: row.serverId, draft });
        if (row.local) store.put({ ...row.local, draft, synced: true });
      } else if (row.local) {
        store.put({ ...row.local, draft, synced: !syncOn });
        if (syncOn) await syncDraft(bridge, row.local.key);
      } else {
        // A server draft deleted elsewhere while being edited: keep the text as a new draft.
        const key = narrow ? conversationKey(narrow, selfId) : `draft:${Date.now()}`;
        store.put({ key, draft, synced: !syncOn });
        if (syncOn) await syncDraft(bridge, key);
      }
      setMissing(false);
      setEditing(null);
    });

  const remove = () =>
    run(async () => {
      if (row.serverId !== undefined) await discardServerDraft(bridge, row.serverId);
      if (row.local?.unconfirmed?.length) await discardServerCopies(bridge, row.local);
      if (row.local) {
        useLocalDrafts.getState().remove(row.local.key);
        const compose = useComposeStore.getState();
        if (compose.drafts[row.local.key] === row.draft.content) compose.clear(row.local.key);
      }
    });

  const restore = () => {
    if (!narrow) return;
    const key = conversationKey(narrow, selfId);
    const store = useLocalDrafts.getState();
    if (row.local && row.local.key !== key) store.remove(row.local.key);
    // The restored draft stays the same draft: its server copy (or what an unanswered create may
    // have left there) is what the next edit updates, never a second one.
    store.put({
      key,
      draft: draftInput(row.draft),
      serverId: row.serverId,
      synced: row.serverId !== undefined && !row.localOnly,
      ...(row.serverId === undefined && row.local?.unconfirmed ? { unconfirmed: row.local.unconfirmed } : {}),
    });
    // Text already in that compose box stays: the draft goes after it rather than over it.
    const compose = useComposeStore.getState();
    const existing = compose.drafts[key] ?? '';
    const text =
      existing.trim() && existing !== row.draft.content
        ? `${existing}\n\n${row.draft.content}`
        : row.draft.content;
    compose.setText(key, text);
    useNarrowStore.getState().select(narrow);
    useSettingsScreen.getState().close();
  };

  return (
    <li className="card" data-testid={`draft-${row.serverId ?? row.rowKey}`}>
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
        <p className="card-content" data-testid="draft-content">
          {row.draft.content}
        </p>
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
              disabled={busy}
              onClick={() => void remove()}
            >
              Delete
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
