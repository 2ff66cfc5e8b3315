import { useEffect, useRef } from 'react';
import { conversationKey, type ComposeNarrow } from '../../api/narrow';
import { useBridge } from '../../app/bridge-context';
import { useSelfId, useUserSetting } from '../../app/realm';
import { useInitialState, useSession } from '../../app/session';
import { useComposeStore } from '../../state/compose';
import { useConnectionStore } from '../../state/connection';
import { draftInput, draftOf, sameDraft } from './draft-model';
import { discardRetired, enqueue, inBackground, syncDraft } from './draft-sync';
import { useLocalDrafts } from './local-drafts';
import { newestServerDraftFor } from './server-drafts';

/** How long typing must pause before the draft goes to the server. */
export const DRAFT_PUSH_DELAY_MS = 800;

/**
 * Keeps a compose box's draft: in localStorage at every keystroke, and on the server (spec 4.12)
 * when `enable_drafts_synchronization` is on, after a pause in typing. An emptied box (a message
 * sent, or text deleted) discards the draft. On opening a box with no text, its saved draft
 * returns (from the server when only it has one), ahead of any text put in the box before it
 * opened. Drafts that could not reach the server are sent again once the connection is back; the
 * server copies of drafts sent or emptied meanwhile are deleted then (useUnsyncedDraftsSync).
 */
export function useDraftAutosave(narrow: ComposeNarrow, text: string, channelTopic: string): void {
  const bridge = useBridge();
  const accountId = useSession().data?.accountId;
  const selfId = useSelfId();
  const syncOn = useUserSetting<boolean>('enable_drafts_synchronization', true);
  const serverDrafts = useInitialState((s) => s.drafts);
  const loadedFor = useLocalDrafts((s) => s.accountId);
  const key = conversationKey(narrow, selfId);
  const restoredKey = useRef<string | null>(null);
  const last = useRef<{ key: string; text: string; topic: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const ready = accountId !== undefined && loadedFor === accountId;

  useEffect(() => {
    if (accountId) useLocalDrafts.getState().load(accountId);
  }, [accountId]);

  // Bring back the saved draft when the box opens empty.
  useEffect(() => {
    if (!ready || restoredKey.current === key) return;
    restoredKey.current = key;
    const store = useLocalDrafts.getState();
    let local = store.drafts[key];
    if (!local) {
      // Kept only on the server (written on another computer, or this one's storage was lost): it
      // becomes this box's draft, so the next save edits it rather than making a second one.
      const remote = newestServerDraftFor(serverDrafts ?? [], key, selfId, {
        ...store.drafts,
        ...store.retired,
      });
      if (!remote) return;
      local = { key, draft: draftInput(remote), serverId: remote.id, synced: true };
      store.put(local);
    }
    const server =
      local.serverId !== undefined ? serverDrafts?.find((d) => d.id === local.serverId) : undefined;
    const newer = server && (server.timestamp ?? 0) > (local.draft.timestamp ?? 0) ? server : null;
    const saved = newer?.content ?? local.draft.content;
    const compose = useComposeStore.getState();
    // Text put in the box before it opened (a quote, a message taken back from the outbox) goes
    // after the saved draft, not over it: the next save would replace the draft with it.
    const current = compose.drafts[key] ?? '';
    if (current.includes(saved)) return;
    compose.setText(key, current.trim() ? `${saved.trimEnd()}\n\n${current}` : saved);
    if (narrow.kind === 'channel' && !compose.topics[key])
      compose.setTopic(key, newer?.topic ?? local.draft.topic);
  }, [ready, key, narrow, serverDrafts, selfId]);

  // Save each change.
  useEffect(() => {
    if (!ready) return;
    const previous = last.current;
    last.current = { key, text, topic: channelTopic };
    const store = useLocalDrafts.getState();
    const local = store.drafts[key];
    // The first look at a box only records what it holds, unless it holds text no draft keeps (put
    // there before it opened: a message taken back from the outbox, a quote), which is kept now.
    if (!previous || previous.key !== key) {
      if (local || !text.trim()) return;
    } else if (previous.text === text && previous.topic === channelTopic) return;
    if (!text.trim()) {
      if (timer.current) clearTimeout(timer.current);
      const retired = store.retire(key);
      if (retired) inBackground(enqueue(key, () => discardRetired(bridge, retired)));
      return;
    }
    const draft = draftOf(narrow, channelTopic, text, selfId);
    if (!draft || (local && sameDraft(local.draft, draft))) return;
    store.put({
      key,
      draft,
      serverId: local?.serverId,
      synced: !syncOn,
      ...(local?.unconfirmed ? { unconfirmed: local.unconfirmed } : {}),
    });
    if (!syncOn) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      inBackground(syncDraft(bridge, key));
    }, DRAFT_PUSH_DELAY_MS);
  }, [ready, key, text, channelTopic, narrow, selfId, syncOn, bridge]);

  // Leaving the box sends what is pending at once rather than dropping the timer.
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        timer.current = null;
        inBackground(syncDraft(bridge, key));
      }
    },
    [bridge, key],
  );

  // Retry unsynced drafts when the box opens and whenever the connection comes back.
  useEffect(() => {
    if (!ready || !syncOn) return;
    const retry = () => {
      const local = useLocalDrafts.getState().drafts[key];
      if (local && !local.synced && !timer.current) inBackground(syncDraft(bridge, key));
    };
    retry();
    return useConnectionStore.subscribe((state, prev) => {
      if (state.status.state === 'connected' && prev.status.state !== 'connected') retry();
    });
  }, [ready, syncOn, key, bridge]);
}
