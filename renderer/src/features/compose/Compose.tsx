import { useMutation } from '@tanstack/react-query';
import { useRef, type FormEvent, type KeyboardEvent } from 'react';
import { ApiCallError } from '../../../../shared/errors';
import { errorSentence } from '../../api/call';
import { conversationKey, isComposeNarrow, type ComposeNarrow, type Narrow } from '../../api/narrow';
import { useChannelIndex } from '../channels/hooks';
import { useBridge } from '../../app/bridge-context';
import { topicLabel, useEmptyTopicName, useSelfId, useUserSetting } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { useComposeStore, withoutDraft } from '../../state/compose';
import { useComposeFocusRequests } from '../../state/compose-focus';
import { currentAccountScope, updateForAccount } from '../../state/account-scope';
import { useTypingNotifier, type TypingTarget } from '../typing/useTypingNotifier';
import { TypingIndicator } from '../typing/TypingIndicator';
import { useDraftAutosave } from '../drafts/useDraftAutosave';
import { ComposeSnippets } from '../snippets/ComposeSnippets';
import { destinationFor } from '../outbox/echo';
import { useUploads } from '../uploads/useUploads';
import { AttachButton, filesFromClipboard, UploadList } from '../uploads/UploadControls';

/** Whether Enter (without modifiers) sends, or Ctrl/Cmd+Enter, per the `enter_sends` setting. */
export function isSendKey(
  event: { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean },
  enterSends: boolean,
): boolean {
  if (event.key !== 'Enter' || event.shiftKey) return false;
  return enterSends || event.ctrlKey || event.metaKey;
}

/** The compose box of a view that has one; a hint elsewhere (the combined feed, starred, search). */
export function Compose({ narrow }: { narrow: Narrow }) {
  if (!isComposeNarrow(narrow))
    return <div className="compose compose-hint muted">Open a topic or a direct message to write.</div>;
  return <ComposeBox narrow={narrow} />;
}

type Conversation = Exclude<ComposeNarrow, { kind: 'channel' }>;

/** The conversation a box writes to: a channel view's box names its topic, once one is typed. */
function writtenTo(narrow: ComposeNarrow, channelTopic: string): Conversation | null {
  if (narrow.kind !== 'channel') return narrow;
  return channelTopic ? { kind: 'topic', streamId: narrow.streamId, topic: channelTopic } : null;
}

function typingTarget(conversation: Conversation | null, selfId: number | undefined): TypingTarget {
  if (!conversation) return null;
  if (conversation.kind === 'topic')
    return { kind: 'channel', streamId: conversation.streamId, topic: conversation.topic };
  const { userIds } = conversation;
  return { kind: 'direct', userIds: userIds.length ? userIds : selfId !== undefined ? [selfId] : [] };
}

/**
 * The compose box of a conversation. Its text lives in the compose store under the
 * conversation's key, so switching away and back keeps it, and it is cleared only once main's
 * outbox has accepted (and stored) the message: nothing typed is lost, whatever the server does.
 */
function ComposeBox({ narrow }: { narrow: ComposeNarrow }) {
  const bridge = useBridge();
  const selfId = useSelfId();
  const emptyName = useEmptyTopicName();
  const enterSends = useUserSetting('enter_sends', true);
  const maxLength = useInitialState((s) => s.max_message_length);
  const maxTopic = useInitialState((s) => s.max_topic_length);
  const key = conversationKey(narrow, selfId);
  const text = useComposeStore((s) => s.drafts[key] ?? '');
  const channelTopic = useComposeStore((s) => s.topics[key] ?? '');
  const setText = useComposeStore((s) => s.setText);
  const setTopic = useComposeStore((s) => s.setTopic);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const topicInput = useRef<HTMLInputElement>(null);
  useComposeFocusRequests(textarea, topicInput);
  const channels = useChannelIndex();
  const archived =
    (narrow.kind === 'topic' || narrow.kind === 'channel') && !!channels.get(narrow.streamId)?.is_archived;

  const conversation = writtenTo(narrow, channelTopic);
  const typing = useTypingNotifier(typingTarget(conversation, selfId));
  useDraftAutosave(narrow, text, channelTopic);
  const canWrite =
    (narrow.kind === 'topic' || narrow.kind === 'channel' || narrow.kind === 'dm') && !archived;
  const addFiles = useUploads(key, textarea, canWrite);

  // The message goes to main's outbox, which keeps it on disk and delivers it: once accepted
  // there, the box can be emptied (its echo shows in the feed until the server has it).
  const send = useMutation({
    mutationFn: async (content: string) => {
      const destination = destinationFor(narrow, channelTopic, selfId);
      if (!destination) throw new Error('Pick a channel and topic, or a person, to send a message.');
      const accepted = await bridge.outbox.send({ destination, content });
      if (!accepted.ok) throw new ApiCallError(accepted.error);
      return accepted.value;
    },
    // Where the text came from, fixed when sending starts: the user may switch conversation or
    // account before the answer arrives.
    onMutate: () => ({ accountId: currentAccountScope(), key }),
    onSuccess: (_data, content, sentFrom) => {
      // Only clear what was sent: text typed while sending stays.
      updateForAccount(sentFrom.accountId, useComposeStore, (s) =>
        (s.drafts[sentFrom.key] ?? '') === content ? withoutDraft(s.drafts, sentFrom.key) : {},
      );
      textarea.current?.focus();
    },
  });

  // An archived channel keeps its history readable, but nobody can post in it.
  if (archived)
    return (
      <div className="compose compose-hint compose-archived" role="status" data-testid="compose-archived">
        <strong>This channel is archived.</strong> Its messages can still be read, but no one can post in it.
      </div>
    );

  const tooLong = maxLength !== undefined && text.length > maxLength;
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const content = text.trim();
    if (!content || tooLong || send.isPending) return;
    typing?.stop();
    send.mutate(content);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (isSendKey(e, enterSends)) {
      e.preventDefault();
      submit();
    }
  };

  const placeholder =
    narrow.kind === 'topic'
      ? `Message ${topicLabel(narrow.topic, emptyName)}`
      : narrow.kind === 'dm'
        ? 'Write a direct message'
        : 'Message this channel';

  return (
    <form className="compose" onSubmit={submit} data-testid="compose">
      <TypingIndicator conversationKey={conversation && conversationKey(conversation, selfId)} />
      {narrow.kind === 'channel' && (
        <input
          ref={topicInput}
          className="compose-topic"
          aria-label="Topic"
          placeholder={`Topic (empty: ${emptyName})`}
          data-testid="compose-topic"
          maxLength={maxTopic}
          value={channelTopic}
          onChange={(e) => setTopic(key, e.target.value)}
        />
      )}
      <UploadList composeKey={key} />
      <div className="compose-row">
        <textarea
          ref={textarea}
          aria-label="Message"
          data-testid="compose-input"
          placeholder={placeholder}
          rows={2}
          value={text}
          onChange={(e) => {
            setText(key, e.target.value);
            if (e.target.value) typing?.keystroke();
            else typing?.stop();
          }}
          onKeyDown={onKeyDown}
          onPaste={(e) => {
            const files = filesFromClipboard(e.clipboardData);
            if (files.length === 0) return;
            e.preventDefault();
            addFiles(files);
          }}
        />
        <button
          type="submit"
          className="btn btn-primary"
          data-testid="compose-send"
          disabled={!text.trim() || tooLong || send.isPending}
        >
          {send.isPending ? 'Sending…' : 'Send'}
        </button>
      </div>
      <div className="compose-foot">
        <span className="compose-tools">
          <AttachButton onFiles={addFiles} />
          <ComposeSnippets composeKey={key} textarea={textarea} />
        </span>
        {tooLong && <span className="form-error">Too long: at most {maxLength} characters.</span>}
        {send.isError && (
          <span className="form-error" role="alert" data-testid="compose-error">
            Not sent: {errorSentence(send.error)} Your text is kept.
          </span>
        )}
        <span className="muted small">
          {enterSends ? 'Enter sends · Shift+Enter new line' : 'Ctrl+Enter sends'}
        </span>
      </div>
    </form>
  );
}
