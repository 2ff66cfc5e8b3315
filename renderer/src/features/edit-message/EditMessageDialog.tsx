import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type FormEvent,
  type RefObject,
  type SetStateAction,
} from 'react';
import type { EndpointParams } from '../../../../shared/api';
import type { ChatBridge } from '../../../../shared/ipc';
import type { PropagateMode } from '../../../../shared/api/messages';
import { errorDetails, moveTimeLimitExtra, ApiCallError } from '../../../../shared/errors';
import { bridgeForAccount, callApi, errorSentence, errorText } from '../../api/call';
import { fetchMessageSource, useMessageSource } from '../message-actions/message-source';
import { findCachedMessage } from '../../api/keys';
import { useBridge } from '../../app/bridge-context';
import { useSelfId, useEmptyTopicName, useUserSetting } from '../../app/realm';
import { handleEnterKey } from '../compose/send-key';
import { AutocompleteBox } from '../compose/autocomplete/AutocompleteList';
import { useAutocomplete } from '../compose/autocomplete/useAutocomplete';
import { handleFormatKey } from '../compose/format/FormatToolbar';
import { tooLongWarning, topicTooLongWarning } from '../compose/message-length';
import { useInitialState } from '../../app/session';
import { useNowSeconds } from '../../app/use-now';
import { Dialog, FormActions } from '../../components/Dialog';
import { ErrorState, Loading } from '../../components/states';
import { useComposeStore } from '../../state/compose';
import { useNarrowStore } from '../../state/narrow';
import { currentAccountScope, stateForAccount, updateForAccount } from '../../state/account-scope';
import { conversationKey, type ComposeNarrow } from '../../api/narrow';
import { focusComposeSoon } from '../compose/focus-compose';
import { replyNarrow } from '../message-actions/reply-narrow';
import type { Message } from '../../api/model';
import { dropKeptEdit, keepEdit, keptEdit } from './kept-edits';
import { useDefaultMove } from './move-default';
import { useDialogStore } from '../../state/dialogs';
import { filesFromClipboard, UploadList } from '../uploads/UploadControls';
import { uploadingNames, useUploadsStore, withoutFailed } from '../uploads/uploads-store';
import { cancelUpload, useFileUploads, type UploadText } from '../uploads/useUploads';
import { useShallow } from 'zustand/react/shallow';
import { useSubscriptions } from '../channels/hooks';
import { RadioOptions } from '../../components/RadioOptions';
import { TopicCombobox } from '../topics/TopicCombobox';
import {
  contentLockedSentence,
  editAllowance,
  editRulesOf,
  formatLimit,
  formatRemaining,
  type Allowance,
  type EditRules,
} from './edit-limits';

export interface EditForm {
  content: string;
  topic: string;
  streamId: number | undefined;
  propagateMode: PropagateMode;
  notifyOld: boolean;
  notifyNew: boolean;
}

/** What the dialog's fields hold; which messages move is kept apart, defaulting to the message's place. */
type EditFields = Omit<EditForm, 'propagateMode'>;

export interface Original {
  content: string;
  topic: string;
  streamId: number | undefined;
}

/**
 * The PATCH /messages/{id} parameters for a form: only what changed; the propagate mode only for
 * moves (spec 4.1: content-only edits are change_one); content and channel never together.
 */
export function editParams(
  messageId: number,
  original: Original,
  form: EditForm,
): EndpointParams<'updateMessage'> {
  const params: EndpointParams<'updateMessage'> = { message_id: messageId };
  const contentChanged = form.content !== original.content;
  const topicChanged = form.topic !== original.topic;
  const channelChanged = form.streamId !== original.streamId;
  if (contentChanged && channelChanged)
    throw new Error(
      'Edit the content and move the message in two steps: the server does not accept both at once.',
    );
  if (contentChanged) params.content = form.content;
  if (topicChanged) params.topic = form.topic;
  if (channelChanged) params.stream_id = form.streamId;
  if (topicChanged || channelChanged) {
    params.propagate_mode = form.propagateMode;
    params.send_notification_to_old_thread = form.notifyOld;
    params.send_notification_to_new_thread = form.notifyNew;
  }
  return params;
}

/** The hex SHA-256 of a message's markdown: `prev_content_sha256`, so an edit never silently replaces another. */
export async function contentSha256(content: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(content));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The server refused the edit because the text changed since it was loaded (someone edited it elsewhere). */
export function isEditConflict(error: unknown): boolean {
  return (
    error instanceof ApiCallError &&
    error.failure.kind === 'api' &&
    /prev_content_sha256/.test(error.failure.msg)
  );
}

/** Line endings and the ends of the text are what a server may change about a message's content. */
function sameText(a: string, b: string): boolean {
  const normalized = (text: string) => text.replace(/\r\n?/g, '\n').trim();
  return normalized(a) === normalized(b);
}

/** Whether the message's text on the server is `content` (false when it cannot be asked). */
async function holdsText(bridge: ChatBridge, messageId: number, content: string): Promise<boolean> {
  try {
    return sameText((await fetchMessageSource(bridge, messageId)).content, content);
  } catch {
    return false;
  }
}

/** Edit a message: content, topic, channel, which messages move, and who is notified (spec 4.1). */
const PROPAGATE_OPTIONS = [
  ['change_one', 'Only this message'],
  ['change_later', 'This message and the ones after it'],
  ['change_all', 'The whole topic'],
] as const satisfies readonly (readonly [PropagateMode, string])[];

export function EditMessageDialog({ messageId }: { messageId: number }) {
  const queryClient = useQueryClient();
  const close = useDialogStore((s) => s.close);
  const selfId = useSelfId();
  const emptyName = useEmptyTopicName();
  const subs = useSubscriptions();
  const maxTopic = useInitialState((s) => s.max_topic_length);
  const maxLength = useInitialState((s) => s.max_message_length);
  const rules = useEditRules();
  const cached = findCachedMessage(queryClient, messageId);

  // The raw markdown: the feed holds only the rendered HTML.
  const raw = useMessageSource(messageId);
  const source = raw.data ?? null;
  // Typed before the text came (the `e` key is quick, a far server is not): added at its end.
  const [typedEarly, setTypedEarly] = useState('');
  const conversation = useMemo(() => source && replyNarrow(source as Message, selfId), [source, selfId]);

  if (raw.isPending) {
    const ownGuess = cached === undefined || cached.sender_id === selfId;
    return (
      <Dialog title="Edit message" onClose={close} testId="edit-message-dialog" wide>
        {ownGuess && (
          <label className="field">
            <span>Content</span>
            <textarea
              data-testid="edit-content-early"
              rows={6}
              value={typedEarly}
              aria-busy="true"
              onChange={(e) => setTypedEarly(e.target.value)}
            />
          </label>
        )}
        <Loading
          label={
            ownGuess && typedEarly !== ''
              ? 'Loading the message’s text… what you typed goes at its end.'
              : 'Loading the message’s text…'
          }
        />
      </Dialog>
    );
  }
  if (raw.isError || !source || !conversation)
    return (
      <Dialog title="Edit message" onClose={close}>
        <ErrorState
          error={raw.error ?? new Error('This message is no longer available.')}
          retry={() => void raw.refetch()}
        />
      </Dialog>
    );
  const original: Original = {
    content: source.content,
    topic: source.subject ?? '',
    streamId: source.type === 'stream' ? source.stream_id : undefined,
  };
  return (
    <EditForm
      messageId={messageId}
      original={original}
      isOwn={(cached ?? source).sender_id === selfId}
      isChannelMessage={source.type === 'stream'}
      sentAt={source.timestamp}
      rules={rules}
      // Nothing can be posted to an archived channel, so nothing moves into one.
      channels={subs
        .filter((s) => !s.is_archived || s.stream_id === original.streamId)
        .map((s) => ({ id: s.stream_id, name: s.name }))}
      emptyName={emptyName}
      maxTopic={maxTopic}
      maxLength={maxLength}
      typedEarly={typedEarly}
      conversation={conversation}
      deletedFrom={source.deletedMeanwhile ? replyNarrow(source as Message, selfId) : null}
      onDone={close}
    />
  );
}

const LEFT_TO_SERVER: EditRules = {
  allowEditing: true,
  contentLimitSeconds: null,
  topicMoveLimitSeconds: null,
  canMoveTopics: true,
  exemptFromMoveLimit: true,
};

/** The organization's edit and move rules as they apply to the current user. */
function useEditRules(): EditRules | undefined {
  return useInitialState(editRulesOf);
}

function EditForm({
  messageId,
  original,
  isOwn,
  isChannelMessage,
  sentAt,
  rules,
  channels,
  emptyName,
  maxTopic,
  maxLength,
  typedEarly,
  conversation,
  deletedFrom,
  onDone,
}: {
  messageId: number;
  original: Original;
  isOwn: boolean;
  isChannelMessage: boolean;
  sentAt: number;
  rules: EditRules | undefined;
  channels: { id: number; name: string }[];
  emptyName: string;
  maxTopic: number | undefined;
  maxLength: number | undefined;
  typedEarly: string;
  /** The conversation the message is in: whom its mentions' suggestions are for. */
  conversation: ComposeNarrow;
  /** The message was deleted while the dialog was open: the conversation it was in. */
  deletedFrom: ComposeNarrow | null;
  onDone: () => void;
}) {
  const bridge = useBridge();
  const selfId = useSelfId();
  const [accountId] = useState(currentAccountScope);
  const [stashed] = useState(() => keptEdit(accountId, messageId));
  const clearStash = () => dropKeptEdit(accountId, messageId);
  // An edit left unsaved (the app closed, or the dialog closed other than by Cancel) comes back,
  // said so, with a way to drop it; Cancel drops it.
  const [restored, setRestored] = useState(() => stashed !== undefined && stashed !== original.content);
  const [form, setForm] = useState<EditFields>({
    content: (stashed ?? original.content) + typedEarly,
    topic: original.topic,
    streamId: original.streamId,
    notifyOld: false,
    notifyNew: true,
  });
  // Someone moved the message while the dialog was open: the fields the user has not changed follow
  // it, so Save does not move it back.
  const [shownOriginal, setShownOriginal] = useState(original);
  if (shownOriginal.topic !== original.topic || shownOriginal.streamId !== original.streamId) {
    setShownOriginal(original);
    setForm((f) => ({
      ...f,
      topic: f.topic === shownOriginal.topic ? original.topic : f.topic,
      streamId: f.streamId === shownOriginal.streamId ? original.streamId : f.streamId,
    }));
  }
  const defaultMove = useDefaultMove(messageId, original.streamId, original.topic);
  const [pickedMove, setPickedMove] = useState<PropagateMode | null>(null);
  const propagateMode = pickedMove ?? defaultMove;
  const [partial, setPartial] = useState<{ firstId: number; allowed: number; total: number } | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);

  const edit = useMutation({
    // A content edit names the text it replaces; "Save anyway" (`overwrite`) after a conflict does not.
    mutationFn: async ({
      overwrite,
      ...params
    }: EndpointParams<'updateMessage'> & { overwrite?: boolean }) => {
      const guarded = params.content !== undefined && !overwrite;
      if (guarded) params.prev_content_sha256 = await contentSha256(original.content);
      // The dialog's account only: a Save in the moment after main switched away is not sent to another.
      const forAccount = accountId ? bridgeForAccount(bridge, accountId) : bridge;
      try {
        return await callApi(forAccount, 'updateMessage', params);
      } catch (error) {
        // A Save whose answer was lost or came too late may have gone through (the feed then shows
        // the edit from its event), and so may an earlier one, whose text replaced the one this
        // Save names (a conflict): when the server now holds this very text, it is saved.
        if (guarded && (await holdsText(forAccount, messageId, params.content!))) return;
        throw error;
      }
    },
    onSuccess: () => {
      clearStash();
      onDone();
    },
    onError: (error) => {
      if (!(error instanceof ApiCallError)) return;
      const limit = errorDetails(error.failure, 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', moveTimeLimitExtra);
      if (limit && limit.first_message_id_allowed_to_move !== null)
        setPartial({
          firstId: limit.first_message_id_allowed_to_move,
          allowed: limit.total_messages_allowed_to_move,
          total: limit.total_messages_in_topic,
        });
    },
  });

  const ticking = !!rules && (rules.contentLimitSeconds !== null || rules.topicMoveLimitSeconds !== null);
  const now = useNowSeconds(ticking);
  // Without the register state the server alone decides, as before.
  const allowance = editAllowance(rules ?? LEFT_TO_SERVER, { isOwn, ageSeconds: now - sentAt });
  const canEditContent = allowance.content.allowed;
  const canEditTopic = allowance.topic.allowed;
  const moving = form.topic !== original.topic || form.streamId !== original.streamId;
  // Past the limit the text stays visible (so nothing typed is lost) but is no longer sent.
  const contentChanged = canEditContent && form.content !== original.content;
  const sendable: EditForm = {
    ...form,
    propagateMode,
    content: canEditContent ? form.content : original.content,
  };
  const update = (patch: Partial<EditFields>) => {
    setForm((f) => ({ ...f, ...patch }));
    setPartial(null);
    setClientError(null);
    edit.reset();
    if (patch.content !== undefined) keepEdit(accountId, messageId, patch.content);
  };
  const enterSends = useUserSetting('enter_sends', true);
  // Cancel, Esc and × drop the edit, except after a save that failed: the dialog said the changes
  // are kept, so they come back (said so, with a way to drop them) when it is opened again.
  const cancel = () => {
    if (!(edit.isError && contentChanged)) clearStash();
    onDone();
  };
  // The caret goes to the end of the text, where a correction or an addition usually goes.
  const contentBox = useRef<HTMLTextAreaElement>(null);
  const dropRestored = () => {
    update({ content: original.content });
    clearStash();
    setRestored(false);
    // Its button goes with the notice: the focus goes to the text it reset.
    contentBox.current?.focus();
  };
  // Mentions, channels, topics and emoji are suggested as in the compose box (as in the real service).
  const autocomplete = useAutocomplete(contentBox, form.content, conversation, canEditContent);
  const addFiles = useEditUploads(accountId, messageId, form.content, contentBox, setForm);
  const uploading = useUploadsStore(useShallow((s) => uploadingNames(s.items, editUploadKey(messageId))));
  useEffect(() => {
    const box = contentBox.current;
    if (!box || document.activeElement !== box) return;
    box.setSelectionRange(box.value.length, box.value.length);
    box.scrollTop = box.scrollHeight;
  }, []);

  // The server keeps an emptied message as "(deleted)": said on the button, not found out after.
  const emptied = contentChanged && form.content.trim() === '';
  const lengthWarning = contentChanged ? tooLongWarning(form.content, maxLength) : null;
  const topicWarning = form.topic !== original.topic ? topicTooLongWarning(form.topic, maxTopic) : null;
  const saveDisabled =
    deletedFrom !== null ||
    (!contentChanged && !moving) ||
    (contentChanged && form.streamId !== original.streamId) ||
    lengthWarning !== null ||
    topicWarning !== null ||
    // Saved now, the message would keep a file's placeholder instead of its link.
    uploading.length > 0 ||
    edit.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (saveDisabled) return;
    try {
      edit.mutate(editParams(messageId, original, sendable));
    } catch (error) {
      setClientError(errorText(error));
    }
  };
  // Spec 4.1 rule 9: retry from the oldest movable message with change_later.
  const movePartially = () => {
    if (!partial) return;
    const params = editParams(messageId, original, { ...sendable, propagateMode: 'change_later' });
    edit.mutate({ ...params, message_id: partial.firstId, propagate_mode: 'change_later' });
  };

  return (
    <Dialog
      title={canEditContent ? 'Edit message' : 'Move message'}
      onClose={cancel}
      testId="edit-message-dialog"
      wide
      unsaved={contentChanged || moving}
    >
      <form className="edit-form" onSubmit={submit}>
        {isOwn && (
          <label className="field">
            <span>Content</span>
            <AutocompleteBox autocomplete={autocomplete} label="Content" below>
              <textarea
                ref={contentBox}
                data-testid="edit-content"
                rows={6}
                value={form.content}
                readOnly={!canEditContent}
                aria-describedby="edit-limit-note"
                onChange={(e) => update({ content: e.target.value })}
                onKeyDown={(e) => {
                  if (e.nativeEvent.isComposing || autocomplete.onKeyDown(e)) return;
                  // Ctrl+B, Ctrl+I and Ctrl+Shift+L format as in the compose box (not a locked text).
                  if (canEditContent && handleFormatKey(e)) return;
                  handleEnterKey(e, enterSends, () => submit(e));
                }}
                onPaste={(e) => {
                  const files = filesFromClipboard(e.clipboardData);
                  if (files.length === 0 || !canEditContent) return;
                  e.preventDefault();
                  addFiles(files);
                }}
                onDragOver={(e) => {
                  if ([...e.dataTransfer.types].includes('Files')) e.preventDefault();
                }}
                onDrop={(e) => {
                  const files = [...e.dataTransfer.files];
                  if (files.length === 0) return;
                  e.preventDefault();
                  e.stopPropagation();
                  if (canEditContent) addFiles(files);
                }}
                {...autocomplete.inputProps}
              />
            </AutocompleteBox>
          </label>
        )}
        {isOwn && <UploadList composeKey={editUploadKey(messageId)} field={contentBox} />}
        {isOwn && restored && (
          <p className="notice small" role="status" data-testid="edit-restored">
            This is your unsaved edit from earlier.{' '}
            <button
              type="button"
              className="btn-link"
              data-testid="edit-restored-discard"
              onClick={dropRestored}
            >
              Start again from the message
            </button>
          </p>
        )}
        {deletedFrom && (
          <div className="notice" role="alert" data-testid="edit-deleted">
            <p>This message was deleted while you were editing it. Your text is still here.</p>
            {isOwn && form.content.trim() !== '' && (
              <button
                type="button"
                className="btn"
                data-testid="edit-to-compose"
                onClick={() => {
                  sendAsNewMessage(deletedFrom, form.content, selfId);
                  clearStash();
                  onDone();
                }}
              >
                Put it in a new message
              </button>
            )}
          </div>
        )}
        {lengthWarning && (
          <p className="form-error" data-testid="edit-too-long">
            {lengthWarning}
          </p>
        )}
        {emptied && (
          <p className="notice small" data-testid="edit-emptied">
            The message is empty: saved like this, it shows as “(deleted)” for everyone.
          </p>
        )}
        {isOwn && (
          <ContentLimitNote
            content={allowance.content}
            topic={isChannelMessage ? allowance.topic : null}
            contentLimit={rules?.contentLimitSeconds ?? null}
            unsavedText={form.content !== original.content}
          />
        )}
        {isChannelMessage && !canEditTopic && allowance.topic.allowed === false && (
          <p className="notice small" data-testid="edit-topic-locked">
            {allowance.topic.reason === 'time-limit'
              ? `The time limit for moving this message to another topic has passed (${formatLimit(rules?.topicMoveLimitSeconds ?? 0)} after sending).`
              : 'You do not have permission to move messages to another topic.'}
          </p>
        )}
        {isChannelMessage && (
          <div className="field-row">
            <label className="field">
              <span>Topic</span>
              <TopicCombobox
                streamId={form.streamId ?? null}
                testId="edit-topic"
                listBelow
                value={form.topic}
                invalid={topicWarning !== null}
                describedBy={topicWarning ? 'edit-topic-too-long' : undefined}
                placeholder={emptyName}
                disabled={!canEditTopic}
                onChange={(topic) => update({ topic })}
              />
            </label>
            <label className="field">
              <span>Channel</span>
              <select
                data-testid="edit-channel"
                value={form.streamId}
                onChange={(e) => update({ streamId: Number(e.target.value) })}
              >
                {channels.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
          </div>
        )}
        {topicWarning && (
          <p className="form-error" id="edit-topic-too-long" data-testid="edit-topic-too-long">
            {topicWarning}
          </p>
        )}
        {moving && (
          <fieldset className="field">
            <legend>Which messages move</legend>
            <RadioOptions
              name="propagate_mode"
              testIdPrefix="propagate-"
              options={PROPAGATE_OPTIONS}
              value={propagateMode}
              onChange={(mode) => {
                setPickedMove(mode);
                update({});
              }}
            />
            <label className="check">
              <input
                type="checkbox"
                data-testid="notify-old"
                checked={form.notifyOld}
                onChange={(e) => update({ notifyOld: e.target.checked })}
              />
              Notify the old topic
            </label>
            <label className="check">
              <input
                type="checkbox"
                data-testid="notify-new"
                checked={form.notifyNew}
                onChange={(e) => update({ notifyNew: e.target.checked })}
              />
              Notify the new topic
            </label>
          </fieldset>
        )}
        {contentChanged && form.streamId !== original.streamId && (
          <p className="form-error">Content and channel cannot change together: save one, then the other.</p>
        )}
        {clientError && (
          <p className="form-error" role="alert">
            {clientError}
          </p>
        )}
        {edit.isError && !partial && !isEditConflict(edit.error) && (
          <p className="form-error" role="alert" data-testid="edit-error">
            {errorSentence(edit.error)} Your changes are kept, here and if you close this.
          </p>
        )}
        {edit.isError && isEditConflict(edit.error) && (
          <div className="notice" role="alert" data-testid="edit-conflict">
            <p>
              Not saved: this message was edited elsewhere after you opened it. Saving anyway replaces that
              edit with your text (it stays in the edit history).
            </p>
            <button
              type="button"
              className="btn"
              data-testid="edit-save-anyway"
              onClick={() => edit.mutate({ ...editParams(messageId, original, sendable), overwrite: true })}
            >
              Save anyway
            </button>
          </div>
        )}
        {partial && (
          <div className="notice" role="alert" data-testid="partial-move">
            <p>
              The time limit for moving has passed for older messages: {partial.allowed} of {partial.total}{' '}
              messages in this topic can still be moved.
            </p>
            <button
              type="button"
              className="btn"
              data-testid="move-partial"
              onClick={movePartially}
              disabled={edit.isPending}
            >
              Move the {partial.allowed} newer messages
            </button>
          </div>
        )}
        <FormActions
          onCancel={cancel}
          testId="edit-save"
          disabled={saveDisabled}
          pending={edit.isPending}
          submitLabel={emptied ? 'Save as “(deleted)”' : 'Save'}
          pendingLabel="Saving…"
        />
      </form>
    </Dialog>
  );
}

/** The uploads store's name for the files of a message's edit. */
function editUploadKey(messageId: number): string {
  return `edit:${messageId}`;
}

/**
 * Files pasted or dropped into the edit's content go up as from the compose box, their placeholder
 * and link into the edit's text. When the dialog closes, its uploads still going are cancelled;
 * an upload ending after it closed changes the kept edit (if one is kept) instead.
 */
function useEditUploads(
  accountId: string | null,
  messageId: number,
  content: string,
  contentBox: RefObject<HTMLTextAreaElement | null>,
  setForm: Dispatch<SetStateAction<EditFields>>,
) {
  const key = editUploadKey(messageId);
  // The text as the uploads last left it or the person typed it (state is a render behind).
  const latest = useRef(content);
  const open = useRef(true);
  useEffect(() => {
    latest.current = content;
  }, [content]);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
      // Its account's list: a switch of accounts that closes the dialog has put it aside by now.
      const items = stateForAccount(accountId, useUploadsStore)?.items ?? [];
      for (const item of items) if (item.composeKey === key) cancelUpload(item.id);
      updateForAccount(accountId, useUploadsStore, (s) => ({ items: withoutFailed(s.items, key) }));
    };
  }, [key, accountId]);
  const write = useCallback(
    (text: string) => {
      latest.current = text;
      setForm((f) => ({ ...f, content: text }));
      keepEdit(accountId, messageId, text);
    },
    [accountId, messageId, setForm],
  );
  const target = useMemo<UploadText>(
    () => ({
      read: () => latest.current,
      write,
      laterChange: () => (change) => {
        if (open.current) return write(change(latest.current));
        const kept = keptEdit(accountId, messageId);
        if (kept !== undefined) keepEdit(accountId, messageId, change(kept));
      },
    }),
    [accountId, messageId, write],
  );
  return useFileUploads(key, contentBox, target);
}

/** Opens the conversation and adds `text` to its compose box (after anything already typed there). */
function sendAsNewMessage(conversation: ComposeNarrow, text: string, selfId: number | undefined): void {
  const key = conversationKey(conversation, selfId);
  const compose = useComposeStore.getState();
  const before = compose.drafts[key]?.trimEnd() ?? '';
  compose.setText(key, before ? `${before}\n\n${text}` : text);
  useNarrowStore.getState().select(conversation);
  focusComposeSoon();
}

/** Said up front: how long the content can still be edited, or that it no longer can (and what can). */
function ContentLimitNote({
  content,
  topic,
  contentLimit,
  unsavedText,
}: {
  content: Allowance;
  topic: Allowance | null;
  contentLimit: number | null;
  unsavedText: boolean;
}) {
  if (content.allowed) {
    if (content.secondsLeft === null) return null;
    return (
      <p className="small muted" id="edit-limit-note" data-testid="edit-time-left">
        You can edit this message for another {formatRemaining(content.secondsLeft)}.
      </p>
    );
  }
  const why = contentLockedSentence(content.reason, contentLimit);
  const still = topic?.allowed ? ' You can still move it to another topic.' : '';
  return (
    <p className="notice" id="edit-limit-note" role="status" data-testid="edit-limit-passed">
      {why}
      {still}
      {unsavedText ? ' Your unsaved text is kept above so you can copy it.' : ''}
    </p>
  );
}
