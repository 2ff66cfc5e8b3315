import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { LazyBoundary, lazyComponent } from '../../components/lazy';
import { errorSentence } from '../../api/call';
import {
  conversationKey,
  isComposeNarrow,
  narrowKey,
  type ComposeNarrow,
  type Narrow,
} from '../../api/narrow';
import { useChannelIndex } from '../channels/hooks';
import { topicLabel, useEmptyTopicName, useSelfId, useUserSetting } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { useComposeStore } from '../../state/compose';
import { useComposeFocusRequests } from '../../state/compose-focus';
import { useTypingNotifier } from '../typing/useTypingNotifier';
import { TypingIndicator } from '../typing/TypingIndicator';
import { useDraftAutosave } from '../drafts/useDraftAutosave';
import { ComposeSnippets } from '../snippets/ComposeSnippets';
import { useShallow } from 'zustand/react/shallow';
import { useUploads } from '../uploads/useUploads';
import { uploadingNames, useUploadsStore } from '../uploads/uploads-store';
import { AttachButton, filesFromClipboard, UploadList } from '../uploads/UploadControls';
import { AutocompleteBox } from './autocomplete/AutocompleteList';
import { useAutocomplete } from './autocomplete/useAutocomplete';
import { ComposeModeBar, type ComposeMode } from './ComposeModeBar';
import { TopicCombobox } from '../topics/TopicCombobox';
import { typingTarget, writtenTo } from './conversation';
import { handleFormatKey } from './format/FormatToolbar';
import { useSendMessage } from './useSendMessage';
import { handleEnterKey } from './send-key';
import { tooLongWarning, topicTooLongWarning } from './message-length';
import { normalizedContent } from './message-content';
import { TOPIC_REQUIRED, useTopicRequired } from './topic-required';
import { NO_POST_PERMISSION, useMayPostInChannel } from './post-permission';
import './compose.css';
import { focusFallback } from '../../components/focus-fallback';
import { useViewReply } from '../../state/view-reply';
import { useNarrowTitle } from '../messages/narrow-title';
import { editLastMessage } from '../edit-message/edit-last';
import { ScheduleMenu } from '../scheduled/ScheduleMenu';
import { ScheduledEditBar, ScheduledLapsedBar, ScheduledNotice } from '../scheduled/ComposeScheduled';
import { useEditingScheduled, useScheduledEditing } from '../scheduled/scheduled-editing';
import { useScheduleMessage } from '../scheduled/useScheduleMessage';
import { useSchedulingSupported } from '../scheduled/scheduling-support';

// Loaded when the preview is first asked for: its markdown renderer is not needed to chat.
const ComposePreview = lazyComponent(() =>
  import('./preview/ComposePreview').then((module) => module.ComposePreview),
);

/** The compose box of a view that has one; a hint elsewhere (the combined feed, starred, search). */
export function Compose({ narrow }: { narrow: Narrow }) {
  const viewKey = narrowKey(narrow);
  const reply = useViewReply((s) => (s.reply?.viewKey === viewKey ? s.reply.to : null));
  // A reply opened in another view closes when that view is left, as the real service's box does.
  useEffect(() => {
    const open = useViewReply.getState().reply;
    if (open && open.viewKey !== viewKey) useViewReply.getState().close();
  }, [viewKey]);
  if (isComposeNarrow(narrow)) return <ComposeBox narrow={narrow} />;
  if (reply) return <ReplyInView to={reply} />;
  return (
    <div className="compose compose-hint muted">
      Open a topic or a direct message to write, or press <kbd>r</kbd> to reply to the selected message.
    </div>
  );
}

/** A reply opened in a view of several conversations: whom it goes to, a way to close it, the box. */
function ReplyInView({ to }: { to: ComposeNarrow }) {
  const close = useViewReply((s) => s.close);
  const title = useNarrowTitle(to).join(' › ');
  return (
    <div className="compose-in-view" data-testid="reply-in-view">
      <div className="compose-in-view-header">
        <span className="muted small">
          Replying to <strong data-testid="reply-in-view-to">{title}</strong>
        </span>
        <button
          type="button"
          className="btn btn-small"
          data-testid="reply-in-view-close"
          aria-label="Close the reply (its text stays as a draft)"
          onClick={() => {
            focusFallback();
            close();
          }}
        >
          Close
        </button>
      </div>
      <ComposeBox key={narrowKey(to)} narrow={to} onLeave={close} />
    </div>
  );
}

/**
 * The compose box of a conversation. Its text lives in the compose store under the
 * conversation's key, so switching away and back keeps it. Sending empties it at once; main's
 * outbox stores the message, and a message it cannot take comes back to the box (useSendMessage):
 * nothing typed is lost, whatever the server does.
 */
function ComposeBox({
  narrow,
  onLeave,
}: {
  narrow: ComposeNarrow;
  /** Esc, besides leaving the box: a reply opened in place closes (its text stays a draft). */
  onLeave?: () => void;
}) {
  const selfId = useSelfId();
  const queryClient = useQueryClient();
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
  const streamId = narrow.kind === 'topic' || narrow.kind === 'channel' ? narrow.streamId : undefined;
  const archived = streamId !== undefined && !!channels.get(streamId)?.is_archived;
  const mayPost = useMayPostInChannel(streamId);
  const needsTopic = useTopicRequired(streamId);

  const conversation = writtenTo(narrow, channelTopic);
  const typing = useTypingNotifier(typingTarget(conversation, selfId));
  useDraftAutosave(narrow, text, channelTopic);
  const canWrite =
    (narrow.kind === 'topic' || narrow.kind === 'channel' || narrow.kind === 'dm') && !archived && mayPost;
  const addFiles = useUploads(key, textarea, canWrite);

  const send = useSendMessage(narrow, key, channelTopic, textarea);
  const schedule = useScheduleMessage(narrow, key, channelTopic);
  const { editing: editingScheduled, lapsed: lapsedScheduled } = useEditingScheduled(key);
  const canSchedule = useSchedulingSupported();
  /** When the message this box last scheduled goes out, shown until the next keystroke. */
  const [scheduledFor, setScheduledFor] = useState<number | null>(null);
  const uploading = useUploadsStore(useShallow((s) => uploadingNames(s.items, key)));
  /** The files a send attempt found still going up (cleared by the next attempt). */
  const [waitingFor, setWaitingFor] = useState<string[] | null>(null);
  /** A send refused here because the organization requires a topic and none was given. */
  const [topicMissing, setTopicMissing] = useState(false);
  const autocomplete = useAutocomplete(textarea, text, narrow);
  const [mode, setMode] = useState<ComposeMode>('write');
  const topicWarningId = useId();

  // An archived channel keeps its history readable, but nobody can post in it.
  if (archived)
    return (
      <div className="compose compose-hint compose-archived" role="status" data-testid="compose-archived">
        <strong>This channel is archived.</strong> Its messages can still be read, but no one can post in it.
      </div>
    );
  // As in the real service: the notice instead of a box whose message the server would refuse.
  if (!mayPost)
    return (
      <div className="compose compose-hint" role="status" data-testid="compose-no-permission">
        {NO_POST_PERMISSION}
      </div>
    );

  const lengthWarning = tooLongWarning(text, maxLength);
  const topicWarning = narrow.kind === 'channel' ? topicTooLongWarning(channelTopic, maxTopic) : null;
  /** The text to send or schedule, or null when it cannot go yet (the box says why). */
  const readyContent = (): string | null => {
    const content = normalizedContent(text);
    if (!content || lengthWarning !== null || topicWarning !== null) return null;
    // The topic it goes to: the channel box's field, or the topic view's own (the empty topic,
    // "general chat", has no name, so where topics are required nothing can be sent to it).
    const topic = narrow.kind === 'topic' ? narrow.topic.trim() : channelTopic.trim();
    if (needsTopic && narrow.kind !== 'dm' && (topic === '' || topic === emptyName)) {
      setTopicMissing(true);
      topicInput.current?.focus();
      return null;
    }
    setTopicMissing(false);
    // The file's link is not in the text yet: sent now, the message would carry its placeholder.
    if (uploading.length > 0) {
      setWaitingFor(uploading);
      return null;
    }
    setWaitingFor(null);
    typing?.stop();
    setMode('write');
    return content;
  };
  /** Schedules the text for `at`, or saves the scheduled message being edited (at its time if none). */
  const scheduleAt = (at?: number) => {
    const content = readyContent();
    if (content === null) return;
    schedule.mutate({ content, typed: text, at }, { onSuccess: (done) => setScheduledFor(done.at) });
  };
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (editingScheduled) return scheduleAt();
    const content = readyContent();
    if (content === null) return;
    // Sent as new, the text no longer needs the word about the scheduled message it was editing.
    if (lapsedScheduled) useScheduledEditing.getState().stop(key);
    send.mutate({ content, typed: text });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (autocomplete.onKeyDown(e) || handleFormatKey(e)) return;
    // ↑ in an empty box edits your last message, as in the real service.
    const plainKey = !e.shiftKey && !e.ctrlKey && !e.metaKey && !e.altKey;
    if (e.key === 'ArrowUp' && plainKey && text === '' && editLastMessage(queryClient)) {
      e.preventDefault();
      return;
    }
    // Esc leaves the box (its text stays), as in the real service: the shortcuts work again.
    if (e.key === 'Escape') {
      e.preventDefault();
      focusFallback();
      onLeave?.();
      return;
    }
    handleEnterKey(e, enterSends, submit);
  };

  const placeholder =
    narrow.kind === 'topic'
      ? `Message ${topicLabel(narrow.topic, emptyName)}`
      : narrow.kind === 'dm'
        ? 'Write a direct message'
        : 'Message this channel';

  return (
    <form
      className="compose"
      onSubmit={submit}
      data-testid="compose"
      data-typing-area
      // Ctrl+Enter sends from anywhere in the box: the Preview tab, the toolbar, the topic.
      onKeyDown={(e) => {
        if (e.defaultPrevented || e.target === textarea.current) return;
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          submit();
        } else if (e.key === 'Escape') {
          // Esc leaves the box from the topic, the toolbar or Send as it does from the message
          // (the topic's list, when open, took the Esc first).
          e.preventDefault();
          focusFallback();
          onLeave?.();
        }
      }}
    >
      <TypingIndicator conversationKey={conversation && conversationKey(conversation, selfId)} />
      {narrow.kind === 'channel' && (
        <TopicCombobox
          streamId={narrow.streamId}
          inputRef={topicInput}
          testId="compose-topic"
          className="compose-topic"
          composeField
          placeholder={needsTopic ? 'Topic (required)' : `Topic (empty: ${emptyName})`}
          invalid={topicWarning !== null}
          describedBy={topicWarning ? topicWarningId : undefined}
          value={channelTopic}
          onChange={(topic) => {
            setTopic(key, topic);
            if (topic.trim()) setTopicMissing(false);
          }}
          onPicked={() => textarea.current?.focus()}
        />
      )}
      {editingScheduled && <ScheduledEditBar composeKey={key} editing={editingScheduled} />}
      {lapsedScheduled && <ScheduledLapsedBar composeKey={key} lapsed={lapsedScheduled} />}
      <UploadList composeKey={key} field={textarea} />
      <ComposeModeBar mode={mode} onMode={setMode} textarea={textarea} />
      <div className="compose-row">
        <AutocompleteBox autocomplete={autocomplete} label="Message">
          <textarea
            ref={textarea}
            aria-label="Message"
            data-testid="compose-input"
            data-compose-field="message"
            placeholder={placeholder}
            rows={2}
            hidden={mode === 'preview'}
            value={text}
            onChange={(e) => {
              setText(key, e.target.value);
              setScheduledFor(null);
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
            {...autocomplete.inputProps}
          />
          {mode === 'preview' && (
            <LazyBoundary
              fallback={
                <div className="compose-preview muted" data-testid="compose-preview">
                  Preparing the preview…
                </div>
              }
            >
              <ComposePreview text={text} />
            </LazyBoundary>
          )}
        </AutocompleteBox>
        <div className="compose-send-group">
          <button
            type="submit"
            className="btn btn-primary"
            data-testid="compose-send"
            disabled={!text.trim() || lengthWarning !== null || topicWarning !== null || schedule.isPending}
          >
            {editingScheduled ? 'Save' : 'Send'}
          </button>
          {canSchedule && (
            <ScheduleMenu
              disabled={!text.trim() || lengthWarning !== null || topicWarning !== null || schedule.isPending}
              onSchedule={scheduleAt}
            />
          )}
        </div>
      </div>
      <div className="compose-foot">
        <span className="compose-tools">
          <AttachButton onFiles={addFiles} />
          <ComposeSnippets composeKey={key} textarea={textarea} />
        </span>
        {lengthWarning && <span className="form-error">{lengthWarning}</span>}
        {topicWarning && (
          <span className="form-error" id={topicWarningId} data-testid="compose-topic-too-long">
            {topicWarning}
          </span>
        )}
        {waitingFor && uploading.length > 0 && (
          <span className="form-error" role="alert" data-testid="compose-uploading">
            Not sent yet: {waitingFor.join(', ')} {waitingFor.length === 1 ? 'is' : 'are'} still uploading.
            Send once {waitingFor.length === 1 ? 'its' : 'their'} link is in the message.
          </span>
        )}
        {topicMissing && (
          <span className="form-error" role="alert" data-testid="compose-topic-required">
            Not sent: {TOPIC_REQUIRED}{' '}
            {narrow.kind === 'channel'
              ? 'Enter a topic.'
              : 'This conversation has no topic: write in a topic with a name.'}{' '}
            Your text is kept.
          </span>
        )}
        {schedule.isError && (
          <span className="form-error" role="alert" data-testid="compose-schedule-error">
            Not {editingScheduled ? 'saved' : 'scheduled'}: {errorSentence(schedule.error)} Your text is kept.
          </span>
        )}
        {scheduledFor !== null && !schedule.isError && <ScheduledNotice at={scheduledFor} />}
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
