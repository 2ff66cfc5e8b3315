import { memo, useMemo, type ReactNode } from 'react';
import { errorText } from '../../api/call';
import { unmetError } from '../../api/unmet-error';
import type { Message } from '../../api/model';
import { topicLabel } from '../../app/realm';
import { formatGlobalTime, formatTime } from '../../app/time-format';
import { Avatar } from '../../components/Avatar';
import { resolveServerUrl, SafeHtml } from '../../components/SafeHtml';
import { useHtmlReader } from '../../components/html-reader';
import { useDialogStore } from '../../state/dialogs';
import { useNarrowStore } from '../../state/narrow';
import { hasEditHistory } from '../message-actions/edit-history-exists';
import { MessageMenu } from '../message-actions/MessageMenu';
import { setMessagePopover, useMessagePopover, useMessagePopoverOpen } from '../../state/message-popover';
import { Reactions } from '../reactions/Reactions';
import type { Highlight } from '../search/highlights';
import { StatusBadge } from '../users/StatusBadge';
import { UserCard } from '../users/UserCard';
import { useMessageDisplay } from './message-display';
import { plainText } from './plain-text';
import { useToggleFlag } from './toggle-flag';
import { isLongMessage, useExpandedMessages } from './long-message';
import { meMessageHtml } from './me-message';
import { MUTED_SENDER_NAME, useRevealedMessages } from './muted-sender';
import { shownName } from '../users/muted-users';

/**
 * One message of the feed. `light` draws only its frame (sender, time) and its text as plain text:
 * for rows passing faster than anyone can read (useLightRows); the same row is drawn in full once
 * the feed settles.
 */
export const MessageRow = memo(function MessageRow({
  message,
  showSender,
  recipientHeader,
  daySeparator = null,
  isOwn,
  channelName,
  twentyFour,
  highlight,
  selected = false,
  onSelect,
  light = false,
}: {
  message: Message;
  showSender: boolean;
  recipientHeader: boolean;
  daySeparator?: string | null;
  isOwn: boolean;
  channelName?: string;
  twentyFour: boolean;
  highlight?: Highlight;
  /** The feed's selected message (the keyboard's cursor). */
  selected?: boolean;
  onSelect?: (messageId: number) => void;
  light?: boolean;
}) {
  const select = useNarrowStore((s) => s.select);
  const { emptyTopicName: emptyName, statuses, users, mutedUserIds } = useMessageDisplay();
  const senderMuted = mutedUserIds.has(message.sender_id);
  const hidden = useRevealedMessages((s) => senderMuted && !s.ids.has(message.id));
  const flags = message.flags ?? [];
  const unread = !flags.includes('read');
  const mentioned = mentionsReader(flags);
  const topic = message.subject ?? '';
  // The sender's current name, as realm_user events keep it: the message's own is from when it was fetched.
  const senderName = hidden
    ? MUTED_SENDER_NAME
    : (users.get(message.sender_id)?.full_name ?? message.sender_full_name ?? '');
  const shownHtml = highlight?.content ?? message.content;
  const html = message.is_me_message ? meMessageHtml(shownHtml, senderName) : shownHtml;
  const meta = showSender && (
    <div className="message-meta">
      {light ? (
        <strong className="sender">{senderName}</strong>
      ) : (
        <SenderName message={message} name={senderName} twentyFour={twentyFour} />
      )}
      {!light && !hidden && (
        <StatusBadge status={statuses?.[String(message.sender_id)]} testId={`sender-status-${message.id}`} />
      )}
      <time dateTime={new Date(message.timestamp * 1000).toISOString()}>
        {formatTime(message.timestamp, twentyFour)}
      </time>
    </div>
  );

  return (
    <article
      className={`message${unread ? ' unread' : ''}${mentioned ? ' mentioned' : ''}${showSender ? ' with-sender' : ''}${selected ? ' selected' : ''}`}
      data-testid={`message-${message.id}`}
      data-message-id={message.id}
      data-selected={selected || undefined}
      data-light={light || undefined}
      aria-current={selected || undefined}
      aria-label={`Message from ${senderName}`}
      onClick={onSelect && (() => onSelect(message.id))}
    >
      {daySeparator && (
        <div className="day-separator" role="separator">
          <span>{daySeparator}</span>
        </div>
      )}
      {recipientHeader && (
        <header className="recipient-header">
          {message.type === 'stream' && message.stream_id !== undefined ? (
            <button
              type="button"
              className="btn-link"
              onClick={() => select({ kind: 'topic', streamId: message.stream_id as number, topic })}
            >
              # {channelName ?? message.stream_id} ›{' '}
              {highlight?.subject && topic !== '' && !light ? (
                <SafeHtml as="span" html={highlight.subject} />
              ) : (
                topicLabel(topic, emptyName)
              )}
            </button>
          ) : (
            <span>
              Direct message with{' '}
              {Array.isArray(message.display_recipient)
                ? message.display_recipient
                    .map((r) => shownName(r.id, users, mutedUserIds, r.full_name))
                    .join(', ')
                : ''}
            </span>
          )}
        </header>
      )}
      <div className="message-body">
        <div className="message-gutter">
          {showSender && light ? (
            // No image while flying past: each one is a fetch from the cache, a decode and a load event.
            <span
              className="avatar avatar-placeholder"
              style={{ width: 36, height: 36 }}
              aria-hidden="true"
            />
          ) : showSender ? (
            <SenderAvatar message={message} name={senderName} hidden={hidden} />
          ) : (
            <time className="gutter-time">{formatTime(message.timestamp, twentyFour)}</time>
          )}
        </div>
        {hidden ? (
          <div className="message-main">
            {meta || (!light && <SenderCardOnly message={message} twentyFour={twentyFour} />)}
            <HiddenContent message={message} />
          </div>
        ) : light ? (
          <div className="message-main">
            {meta}
            <PlainContent message={message} html={html} />
          </div>
        ) : (
          <FullMessageParts
            message={message}
            meta={meta || <SenderCardOnly message={message} twentyFour={twentyFour} />}
            html={html}
            isOwn={isOwn}
            channelName={channelName}
            senderMuted={senderMuted}
          />
        )}
      </div>
    </article>
  );
});

/** The flags the service sets on a message that mentions the reader: by name, by a group of theirs, or a wildcard. */
const MENTION_FLAGS = [
  'mentioned',
  'wildcard_mentioned',
  'stream_wildcard_mentioned',
  'topic_wildcard_mentioned',
];

function mentionsReader(flags: readonly string[]): boolean {
  return flags.some((flag) => MENTION_FLAGS.includes(flag));
}

/** The sender's card (UserCard) when it is open for this message, and how to open or close it. */
function useSenderCard(message: Message, twentyFour: boolean): [boolean, (open: boolean) => void, ReactNode] {
  const { users, statuses, selfId } = useMessageDisplay();
  const [open, setOpen] = useMessagePopoverOpen(message.id, 'sender');
  const user = users.get(message.sender_id);
  const card = open && user && (
    <UserCard
      user={user}
      status={statuses?.[String(user.user_id)]}
      isSelf={user.user_id === selfId}
      twentyFour={twentyFour}
      onClose={() => setOpen(false)}
    />
  );
  return [open, setOpen, card];
}

/** The sender's avatar: a click opens their card too (the name is its keyboard way in). */
function SenderAvatar({ message, name, hidden }: { message: Message; name: string; hidden: boolean }) {
  // No subscription: whether the card is open is read when clicked (SenderName draws it).
  const toggle = () => {
    const { messageId, popover } = useMessagePopover.getState();
    setMessagePopover(message.id, 'sender', !(messageId === message.id && popover === 'sender'));
  };
  return (
    <button
      type="button"
      className="avatar-button"
      tabIndex={-1}
      aria-label={`${name}’s card`}
      data-testid={`sender-avatar-${message.id}`}
      onClick={toggle}
    >
      <Avatar
        name={name}
        url={message.avatar_url && !hidden ? resolveServerUrl(message.avatar_url) : null}
        size={36}
      />
    </button>
  );
}

/** The sender's name, which opens their card. */
function SenderName({ message, name, twentyFour }: { message: Message; name: string; twentyFour: boolean }) {
  const [open, setOpen, card] = useSenderCard(message, twentyFour);
  return (
    <>
      <button
        type="button"
        className="sender"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid={`sender-${message.id}`}
        onClick={() => setOpen(!open)}
      >
        {name}
      </button>
      {card}
    </>
  );
}

/** A message without its sender line: the card (`u`) opens at the top of its text instead. */
function SenderCardOnly({ message, twentyFour }: { message: Message; twentyFour: boolean }) {
  const [, , card] = useSenderCard(message, twentyFour);
  return card || null;
}

/** A message's rendered content, condensed when it is long (long-message.ts) until "Show more". */
function useCondensed(messageId: number, html: string): { long: boolean; expanded: boolean } {
  const long = useMemo(() => isLongMessage(html), [html]);
  const expanded = useExpandedMessages((s) => long && s.ids.has(messageId));
  return { long, expanded };
}

function LongContent({ message, html }: { message: Message; html: string }) {
  const { long, expanded } = useCondensed(message.id, html);
  const content = (
    <SafeHtml
      className={long && !expanded ? 'rendered message-content condensed' : 'rendered message-content'}
      html={html}
      testId={`content-${message.id}`}
    />
  );
  if (!long) return content;
  return (
    <>
      {content}
      <button
        type="button"
        className="btn-link show-more"
        aria-expanded={expanded}
        data-testid={`show-more-${message.id}`}
        onClick={() => useExpandedMessages.getState().toggle(message.id)}
      >
        {expanded ? 'Show less' : 'Show more'}
      </button>
    </>
  );
}

/**
 * A muted sender's message, as the real web app shows it: its content, reactions and actions left out,
 * with a way to see it (the row's sender line says "Muted user" meanwhile).
 */
function HiddenContent({ message }: { message: Message }) {
  return (
    <p className="message-content hidden-message muted" data-testid={`hidden-${message.id}`}>
      This message was hidden because you muted the sender.{' '}
      <button
        type="button"
        className="btn-link"
        data-testid={`reveal-${message.id}`}
        onClick={() => useRevealedMessages.getState().toggle(message.id)}
      >
        Show message
      </button>
    </p>
  );
}

/** A light row's content: the message's text, set as text (see plain-text.ts). */
function PlainContent({ message, html }: { message: Message; html: string }) {
  // Condensed as the full row will be, so the row keeps its height when it is drawn in full.
  const condensed = useCondensed(message.id, html);
  const twentyFour = useHtmlReader()?.twentyFourHourTime ?? false;
  return (
    <div
      className={`rendered message-content message-content-plain${condensed.long && !condensed.expanded ? ' condensed' : ''}`}
      dir="auto"
      data-testid={`content-${message.id}`}
    >
      <p>{plainText(html, (instant) => formatGlobalTime(instant, twentyFour))}</p>
    </div>
  );
}

/** What a full row adds to the light one: rich content, marks, reactions, errors and actions. */
function FullMessageParts({
  message,
  meta,
  html,
  isOwn,
  channelName,
  senderMuted,
}: {
  message: Message;
  meta: ReactNode;
  html: string;
  isOwn: boolean;
  channelName?: string;
  /** The sender is muted and the reader revealed this message: it can be hidden again. */
  senderMuted: boolean;
}) {
  const open = useDialogStore((s) => s.open);
  const star = useToggleFlag(message.id);
  const [picking, setPicking] = useMessagePopoverOpen(message.id, 'reactions');
  const starred = (message.flags ?? []).includes('starred');
  const starError = unmetError(star, ({ on }) => starred === on);
  const edited = message.last_edit_timestamp !== undefined;
  const moved = message.last_moved_timestamp !== undefined;
  return (
    <>
      <div className={starred ? 'message-main with-star' : 'message-main'}>
        {meta}
        <LongContent message={message} html={html} />
        {(edited || moved) && (
          <button
            type="button"
            className="edited-mark"
            data-testid={`history-${message.id}`}
            onClick={() => open({ kind: 'edit-history', messageId: message.id })}
          >
            {edited ? '(edited)' : '(moved)'}
          </button>
        )}
        {senderMuted && (
          <button
            type="button"
            className="btn-link small"
            data-testid={`hide-again-${message.id}`}
            onClick={() => useRevealedMessages.getState().toggle(message.id)}
          >
            Hide message again
          </button>
        )}
        <Reactions message={message} picking={picking} setPicking={setPicking} />
        {starError && (
          <span className="row-error" role="alert">
            {errorText(starError)}
          </span>
        )}
      </div>
      <div className="message-actions" role="toolbar" aria-label="Message actions">
        <button
          type="button"
          aria-label="Add reaction"
          aria-expanded={picking}
          data-testid={`add-reaction-${message.id}`}
          onClick={() => setPicking(!picking)}
        >
          ☺
        </button>
        {isOwn && (
          <button
            type="button"
            aria-label="Edit message"
            data-testid={`edit-${message.id}`}
            onClick={() => open({ kind: 'edit-message', messageId: message.id })}
          >
            ✎
          </button>
        )}
        {!isOwn && message.type === 'stream' && (
          <button
            type="button"
            aria-label="Move message"
            data-testid={`move-${message.id}`}
            onClick={() => open({ kind: 'edit-message', messageId: message.id })}
          >
            ⇄
          </button>
        )}
        {hasEditHistory(message) && (
          <button
            type="button"
            aria-label="Edit history"
            data-testid={`open-history-${message.id}`}
            onClick={() => open({ kind: 'edit-history', messageId: message.id })}
          >
            ⟲
          </button>
        )}
        <MessageMenu message={message} channelName={channelName} isOwn={isOwn} />
      </div>
      {/* Beside the toolbar, not in it: a starred message shows its star at all times (as in Zulip). */}
      <button
        type="button"
        aria-label={starred ? 'Unstar' : 'Star'}
        aria-pressed={starred}
        className={starred ? 'message-star starred' : 'message-star'}
        data-testid={`star-${message.id}`}
        onClick={() => star.mutate({ flag: 'starred', on: !starred })}
      >
        {starred ? '★' : '☆'}
      </button>
    </>
  );
}
