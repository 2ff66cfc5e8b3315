import type { ChatBridge } from '../../../../shared/ipc';
import type { Draft, Message } from '../../api/model';
import { conversationKey, narrowKey, narrowTerms, sameNarrow } from '../../api/narrow';
import { messageLink } from '../../api/conversation-links';
import { currentServerBase } from '../../components/sanitize';
import { useComposeStore } from '../../state/compose';
import { focusComposeSoon } from '../compose/focus-compose';
import { useNarrowStore } from '../../state/narrow';
import { useReadingPause } from '../../state/reading-pause';
import { useViewReply } from '../../state/view-reply';
import { markUnreadFrom } from './mark-unread-from';
import { fetchMessageSource } from './message-source';
import { appendQuote, quoteAndReplyText } from './quote';
import { replyNarrow, replyTarget } from './reply-narrow';
import { composeBoxes } from './reply-boxes';

/**
 * "Quote and reply" (the message menu and `>`): the message's markdown, quoted with a mention of
 * its author and a link to it, added to the reply's compose box, which gets the focus.
 */
export async function quoteAndReply(
  bridge: ChatBridge,
  message: Message,
  selfId: number | undefined,
  channelName: string | undefined,
  serverDrafts: readonly Draft[] | undefined,
): Promise<void> {
  const source = await fetchMessageSource(bridge, message.id);
  const link = messageLink(currentServerBase() ?? window.location.origin, message, channelName);
  const quote = quoteAndReplyText(
    { fullName: message.sender_full_name ?? 'Someone', userId: message.sender_id },
    source.content,
    link,
  );
  const narrowStore = useNarrowStore.getState();
  const current = narrowStore.narrow;
  const {
    narrow: target,
    inChannelBox,
    inView,
  } = replyTarget(current, message, selfId, composeBoxes(serverDrafts, selfId));
  if (inView && current) useViewReply.getState().open(narrowKey(current), target);
  else if (!sameNarrow(current, target)) narrowStore.select(target, message.id);
  const compose = useComposeStore.getState();
  const key = conversationKey(target, selfId);
  compose.setText(key, appendQuote(compose.drafts[key] ?? '', quote));
  if (inChannelBox) compose.setTopic(key, message.subject ?? '');
  focusComposeSoon();
}

/**
 * "Mark as unread from here" (the message menu and Shift+U), in the view the message is shown in.
 * That view stops marking what it shows as read until it is left: the messages are still on screen.
 */
export async function markUnreadFromHere(
  bridge: ChatBridge,
  message: Message,
  selfId: number | undefined,
): Promise<number> {
  const narrow = useNarrowStore.getState().narrow ?? replyNarrow(message, selfId);
  useReadingPause.getState().pause(narrowKey(narrow));
  return markUnreadFrom(bridge, message.id, narrowTerms(narrow));
}
