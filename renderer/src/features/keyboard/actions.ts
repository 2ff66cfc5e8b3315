import type { QueryClient } from '@tanstack/react-query';
import type { ChatBridge } from '../../../../shared/ipc';
import { errorSentence } from '../../api/call';
import { getInitialState } from '../../api/keys';
import { conversationKey, narrowKey, sameNarrow, type Narrow } from '../../api/narrow';
import { useComposeStore } from '../../state/compose';
import { useComposeFocus } from '../../state/compose-focus';
import { useDialogStore } from '../../state/dialogs';
import { useNarrowStore } from '../../state/narrow';
import { useReadingPause } from '../../state/reading-pause';
import { useViewReply } from '../../state/view-reply';
import { showNotice } from '../../state/notice';
import { mutedTopicTest, sidebarOrder } from '../channels/hooks';
import { markUnreadFromHere, quoteAndReply } from '../message-actions/quote-and-reply';
import { appendMention } from '../message-actions/quote';
import { replyNarrow, replyTarget } from '../message-actions/reply-narrow';
import { mayPostInChannel, NO_POST_PERMISSION } from '../compose/post-permission';
import { composeBoxes } from '../message-actions/reply-boxes';
import { activeFeed } from '../messages/active-feed';
import { setMessageFlag } from '../messages/toggle-flag';
import { hasEditHistory } from '../message-actions/edit-history-exists';
import { editLastMessage } from '../edit-message/edit-last';
import { useMessagePopover, type MessagePopover } from '../../state/message-popover';
import { THUMBS_UP, toggleReaction } from '../reactions/toggle-reaction';
import { callApi } from '../../api/call';
import { toggleInOrder } from '../../api/ordered-toggle';
import { nextUnreadConversation } from './next-unread';
import { openFromKeyboard, viewTakesFocusOnOpen } from '../../app/view-takes-focus';
import { useSettingsScreen } from '../settings/screen-store';
import { usePeoplePane } from '../../state/people-pane';
import type { ShortcutAction } from './shortcuts';

export interface ActionContext {
  bridge: ChatBridge;
  queryClient: QueryClient;
}

/** Runs a shortcut's action; false when it does not apply here (then the key keeps its default). */
type Action = (context: ActionContext) => boolean;

const narrowNow = () => useNarrowStore.getState().narrow;
const selected = () => activeFeed()?.selected() ?? null;
const selfIdOf = (context: ActionContext) => getInitialState(context.queryClient)?.user_id;
const boxesOf = (context: ActionContext) =>
  composeBoxes(getInitialState(context.queryClient)?.drafts, selfIdOf(context));

/** A write, not awaited: the events bring its result to the screen, a failure the window's notice. */
function fire(work: Promise<unknown>, what: string): void {
  work.catch((error: unknown) => showNotice(`${what} ${errorSentence(error)}`));
}

/**
 * A key that turns something on or off, not awaited: pressed again before the first change's event
 * came, it turns back what that press asked for (toggleInOrder). A failure says which way it went.
 */
function fireToggle(
  key: string,
  onNow: boolean,
  change: (on: boolean) => Promise<unknown>,
  failure: (on: boolean) => string,
): void {
  toggleInOrder(key, onNow, (on) =>
    change(on).catch((error: unknown) => {
      showNotice(`${failure(on)} ${errorSentence(error)}`);
      throw error;
    }),
  ).catch(() => undefined);
}

function openConversation(narrow: Narrow, anchor: number | null = null): void {
  if (!sameNarrow(narrowNow(), narrow)) useNarrowStore.getState().select(narrow, anchor);
}

function nextUnread(kind: 'topic' | 'dm', context: ActionContext): boolean {
  const state = getInitialState(context.queryClient);
  const next = nextUnreadConversation(
    kind,
    {
      unread: state?.unread_msgs,
      selfId: state?.user_id,
      channels: sidebarOrder(state?.subscriptions),
      userTopics: state?.user_topics,
    },
    narrowNow(),
  );
  if (!next) return false;
  viewTakesFocusOnOpen();
  useNarrowStore.getState().select(next);
  return true;
}

/**
 * Writing to a channel the person may not post in: the shortcut says so (as that channel's compose
 * area does) instead of opening or filling a box whose message the server would refuse.
 */
function refusesPosting(context: ActionContext, narrow: Narrow): boolean {
  if (narrow.kind !== 'channel' && narrow.kind !== 'topic') return false;
  if (mayPostInChannel(getInitialState(context.queryClient), narrow.streamId)) return false;
  showNotice(NO_POST_PERMISSION);
  return true;
}

export const ACTIONS: Record<ShortcutAction, Action> = {
  'new-topic-message': (context) => {
    const narrow = narrowNow();
    const message = selected();
    const streamId =
      narrow?.kind === 'channel' || narrow?.kind === 'topic'
        ? narrow.streamId
        : message?.type === 'stream'
          ? message.stream_id
          : undefined;
    if (streamId !== undefined) {
      const channel: Narrow = { kind: 'channel', streamId };
      if (refusesPosting(context, channel)) return true;
      // Messages just marked unread in the topic are on the channel's screen too: writing a new
      // topic must not read them.
      const pause = useReadingPause.getState();
      if (narrow && pause.paused.has(narrowKey(narrow))) pause.pause(narrowKey(channel));
      // A new topic starts with an empty topic field, unless the box holds a message being written.
      const compose = useComposeStore.getState();
      const key = conversationKey(channel, selfIdOf(context));
      if (!compose.drafts[key]?.trim()) compose.setTopic(key, '');
      openConversation(channel);
      useComposeFocus.getState().requestFocus('topic');
      return true;
    }
    if (narrow?.kind !== 'dm') return false;
    useComposeFocus.getState().requestFocus('message');
    return true;
  },
  'new-direct-message': () => {
    useDialogStore.getState().open({ kind: 'new-dm' });
    return true;
  },
  reply: (context) => {
    const message = selected();
    if (!message) return false;
    const selfId = selfIdOf(context);
    if (refusesPosting(context, replyNarrow(message, selfId))) return true;
    const current = narrowNow();
    // A channel view writes to the message's topic in its own box, when that box is free for it;
    // elsewhere, the message's conversation (see replyTarget).
    const target = replyTarget(current, message, selfId, boxesOf(context));
    if (target.inView && current) useViewReply.getState().open(narrowKey(current), target.narrow);
    else if (target.inChannelBox)
      useComposeStore.getState().setTopic(conversationKey(target.narrow, selfId), message.subject ?? '');
    else openConversation(target.narrow, message.id);
    useComposeFocus.getState().requestFocus('message');
    return true;
  },
  'reply-to-author': () => {
    const message = selected();
    if (!message) return false;
    openConversation({ kind: 'dm', userIds: [message.sender_id] });
    useComposeFocus.getState().requestFocus('message');
    return true;
  },
  'quote-reply': (context) => {
    const message = selected();
    if (!message) return false;
    if (refusesPosting(context, replyNarrow(message, selfIdOf(context)))) return true;
    const channelName = typeof message.display_recipient === 'string' ? message.display_recipient : undefined;
    fire(
      quoteAndReply(
        context.bridge,
        message,
        selfIdOf(context),
        channelName,
        getInitialState(context.queryClient)?.drafts,
      ),
      'Quote not added:',
    );
    return true;
  },
  'reply-mentioning': (context) => {
    const message = selected();
    if (!message) return false;
    if (refusesPosting(context, replyNarrow(message, selfIdOf(context)))) return true;
    if (!ACTIONS.reply(context)) return false;
    // The box the reply went to gets the sender's mention, after anything already in it.
    const target = replyTarget(narrowNow(), message, selfIdOf(context), boxesOf(context));
    const key = conversationKey(target.narrow, selfIdOf(context));
    const compose = useComposeStore.getState();
    const mention = `@**${message.sender_full_name}|${message.sender_id}** `;
    compose.setText(key, appendMention(compose.drafts[key] ?? '', mention));
    return true;
  },
  'toggle-first-reaction': (context) => {
    const message = selected();
    const first = message?.reactions?.[0];
    if (!message || !first) return false;
    fire(toggleReaction(context.bridge, message, selfIdOf(context), first), 'Reaction not saved:');
    return true;
  },
  'edit-history': () => {
    const message = selected();
    if (!message || !hasEditHistory(message)) return false;
    useDialogStore.getState().open({ kind: 'edit-history', messageId: message.id });
    return true;
  },
  'mute-topic': (context) => {
    const message = selected();
    if (message?.type !== 'stream' || message.stream_id === undefined) return false;
    const streamId = message.stream_id;
    const topic = message.subject ?? '';
    const muted = mutedTopicTest(getInitialState(context.queryClient)?.user_topics)(streamId, topic);
    fireToggle(
      `muted topic ${streamId} ${topic.toLowerCase()}`,
      muted,
      (mute) =>
        callApi(context.bridge, 'updateMutedTopic', {
          stream_id: streamId,
          topic,
          op: mute ? 'add' : 'remove',
        }),
      (mute) => (mute ? 'Topic not muted:' : 'Topic not unmuted:'),
    );
    return true;
  },
  'mark-unread-from': (context) => {
    const message = selected();
    if (!message) return false;
    fire(markUnreadFromHere(context.bridge, message, selfIdOf(context)), 'Not marked as unread:');
    return true;
  },
  'next-unread-topic': (context) => nextUnread('topic', context),
  'next-unread-dm': (context) => nextUnread('dm', context),
  'select-next': () => run(activeFeed(), (feed) => feed.move(1)),
  'select-previous': () => run(activeFeed(), (feed) => feed.move(-1)),
  'select-first': () => run(activeFeed(), (feed) => feed.first()),
  'select-last': () => run(activeFeed(), (feed) => feed.last()),
  // As the message's menu offers: your own message is edited, another's channel message moved
  // (the server decides whether you may), and another's direct message shown as its source.
  edit: (context) => {
    const message = selected();
    if (!message) return false;
    const editable = message.sender_id === selfIdOf(context) || message.type === 'stream';
    useDialogStore
      .getState()
      .open(
        editable
          ? { kind: 'edit-message', messageId: message.id }
          : { kind: 'message-source', messageId: message.id },
      );
    return true;
  },
  'edit-last': (context) => editLastMessage(context.queryClient),
  star: (context) => {
    const message = selected();
    if (!message) return false;
    const starred = (message.flags ?? []).includes('starred');
    fireToggle(
      `starred ${message.id}`,
      starred,
      (star) => setMessageFlag(context.bridge, message.id, 'starred', star),
      (star) => (star ? 'Message not starred:' : 'Star not removed:'),
    );
    return true;
  },
  // As in the real service: a view of many conversations goes to the selected message's topic or
  // direct messages, a topic to its channel (at the same message); a direct message view stays.
  'go-to-conversation': (context) => {
    const message = selected();
    const narrow = narrowNow();
    if (!message || narrow?.kind === 'dm') return false;
    const target: Narrow =
      narrow?.kind === 'topic'
        ? { kind: 'channel', streamId: narrow.streamId }
        : replyNarrow(message, selfIdOf(context));
    return opened(() => openConversation(target, message.id));
  },
  'thumbs-up': (context) => {
    const message = selected();
    if (!message) return false;
    fire(toggleReaction(context.bridge, message, selfIdOf(context), THUMBS_UP), 'Reaction not saved:');
    return true;
  },
  'emoji-picker': () => openPopover('reactions'),
  'message-menu': () => openPopover('menu'),
  'sender-card': () => openPopover('sender'),
  search: () => {
    const box = document.querySelector<HTMLInputElement>('[data-testid="search-input"]');
    if (!box) return false;
    box.focus();
    return true;
  },
  'filter-channels': () => focusField('channel-filter'),
  'search-people': () => {
    if (focusField('people-search')) return true;
    // A conversation's pane shows its details: it shows the people, whose search then takes the keyboard.
    const narrow = useNarrowStore.getState().narrow;
    if (!narrow) return false;
    usePeoplePane.getState().show(narrow);
    return true;
  },
  // Listed by ? only: where they act handles them (dialogs and menus Esc, the compose box its
  // keys, the feed its own scrolling).
  close: () => false,
  'edit-last-from-compose': () => false,
  'send-message': () => false,
  'accept-suggestion': () => false,
  'format-bold': () => false,
  'format-italic': () => false,
  'format-link': () => false,
  'scroll-page': () => false,
  inbox: () => opened(() => useNarrowStore.getState().showView('inbox')),
  recent: () => opened(() => useNarrowStore.getState().showView('recent')),
  'all-messages': () => opened(() => openConversation({ kind: 'all' })),
  starred: () => opened(() => openConversation({ kind: 'starred' })),
  drafts: () => {
    // As in the real service: the keyboard on the drafts, where Enter restores the first.
    useSettingsScreen.getState().open('drafts', { focus: 'section' });
    return true;
  },
  'go-back': () => goInHistory('back'),
  'go-forward': () => goInHistory('forward'),
  help: () => toggleDialog('keyboard-help'),
  'quick-switcher': () => toggleDialog('quick-switcher'),
};

/** Back or forward to another place (the view shown takes the keyboard); false when there is none. */
function goInHistory(direction: 'back' | 'forward'): boolean {
  const { history } = useNarrowStore.getState();
  if ((direction === 'back' ? history.back : history.forward).length === 0) return false;
  return opened(() => useNarrowStore.getState().go(direction));
}

/** Puts the keyboard in a field on screen (none there: the key does nothing). */
function focusField(testId: string): boolean {
  const field = document.querySelector<HTMLInputElement>(`[data-testid="${testId}"]`);
  if (!field) return false;
  field.focus();
  return true;
}

/** Opens the dialog, or closes it when open; never replaces another (its unsaved input would be lost). */
function toggleDialog(kind: 'keyboard-help' | 'quick-switcher'): boolean {
  const dialogs = useDialogStore.getState();
  if (dialogs.dialog?.kind === kind) dialogs.close();
  else if (dialogs.dialog === null) dialogs.open({ kind });
  else return false;
  return true;
}

/** A conversation or home view opened from the keyboard: it takes the keyboard (see openFromKeyboard). */
function opened(open: () => void): true {
  openFromKeyboard(open);
  return true;
}

function run<T>(target: T | null, action: (target: T) => void): boolean {
  if (target === null) return false;
  action(target);
  return true;
}

/** Opens the selected message's emoji picker or actions menu, with the message in view. */
function openPopover(popover: MessagePopover): boolean {
  const feed = activeFeed();
  const message = feed?.selected();
  if (!feed || !message) return false;
  feed.reveal();
  useMessagePopover.getState().setOpen(message.id, popover, true);
  return true;
}
