import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ChatBridge } from '../../../../shared/ipc';
import { conversationKey, narrowKey } from '../../api/narrow';
import { useBridge } from '../../app/bridge-context';
import { sessionStore } from '../../app/session-store';
import { onAppliedEvents } from '../../events/taps';
import { useComposeStore } from '../../state/compose';
import { useMessageSelection } from '../../state/message-selection';
import { useNarrowStore } from '../../state/narrow';
import { keepComposeFocus } from '../../state/compose-focus';
import { useViewReply } from '../../state/view-reply';
import {
  channelOpener,
  sameTopic,
  takesTopicView,
  topicMovesForward,
  type TopicPlace,
} from '../messages/follow-moved-topic';
import { inBackground, syncDraft } from './draft-sync';
import { useLocalDrafts } from './local-drafts';

const keyOf = (place: TopicPlace) => conversationKey({ kind: 'topic', ...place }, undefined);

/**
 * A draft goes with its topic when the whole topic moves (renamed, resolved, moved to another
 * channel), or its later part with the open view, as in the real service: restoring it must not
 * bring the old topic back. The compose box's text follows too (and a channel compose box's topic
 * field, and a reply box opened in a view of many conversations), and the server's copy is
 * updated. A draft already waiting at the new place is left as it is, and so is the moved one.
 */
export function moveDraftsWithTopics(
  events: readonly unknown[],
  bridge: ChatBridge,
  opens: (streamId: number) => boolean,
): void {
  const open = useNarrowStore.getState().narrow;
  const selectedId = open ? useMessageSelection.getState().byNarrow[narrowKey(open)] : undefined;
  for (const move of topicMovesForward(events, opens)) {
    // The later part of a topic takes its drafts only with the open view (its compose box).
    if (!move.whole && !takesTopicView(move, open, selectedId)) continue;
    const { from, to } = move;
    const oldKey = keyOf(from);
    const newKey = keyOf(to);
    if (oldKey === newKey) continue;
    const local = useLocalDrafts.getState();
    const draft = local.drafts[oldKey];
    if (draft && !local.drafts[newKey]) {
      local.remove(oldKey);
      local.put({
        ...draft,
        key: newKey,
        draft: { ...draft.draft, to: [to.streamId], topic: to.topic },
        synced: false,
      });
      inBackground(syncDraft(bridge, newKey));
    }
    const compose = useComposeStore.getState();
    const text = compose.drafts[oldKey];
    if (text !== undefined && !compose.drafts[newKey]) {
      compose.setText(newKey, text);
      compose.clear(oldKey);
    }
    // The channel's compose box, addressed to the topic by name in its topic field, follows a
    // rename within the channel: the message goes to the topic it was written for, not to a new
    // one under the old name.
    const channelKey = conversationKey({ kind: 'channel', streamId: from.streamId }, undefined);
    if (from.streamId === to.streamId && compose.topics[channelKey] === from.topic)
      compose.setTopic(channelKey, to.topic);
    // A reply box open in a view of many conversations (All messages, a search) is addressed to
    // the topic itself: it goes to the new place with the text just moved there, keeping the keyboard.
    const reply = useViewReply.getState().reply;
    if (
      reply?.to.kind === 'topic' &&
      reply.to.streamId === from.streamId &&
      sameTopic(reply.to.topic, from.topic)
    ) {
      keepComposeFocus();
      useViewReply.getState().open(reply.viewKey, { kind: 'topic', ...to });
    }
  }
}

/** Keeps drafts with their topics for as long as the window is open (mounted by the chat shell). */
export function useDraftsFollowMovedTopics(): void {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onAppliedEvents((events) =>
        moveDraftsWithTopics(events, bridge, channelOpener(sessionStore(queryClient).get()?.initialState)),
      ),
    [bridge, queryClient],
  );
}
