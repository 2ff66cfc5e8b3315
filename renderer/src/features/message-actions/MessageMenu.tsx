import { useEffect, useState } from 'react';
import { errorText } from '../../api/call';
import type { Message } from '../../api/model';
import { useBridge } from '../../app/bridge-context';
import { useSelfId } from '../../app/realm';
import { MenuPopover } from '../../components/MenuPopover';
import { useMessagePopoverOpen } from '../../state/message-popover';
import { currentServerBase } from '../../components/sanitize';
import { useInitialState } from '../../app/session';
import { mayDeleteMessage } from './delete-permission';
import { hasEditHistory } from './edit-history-exists';
import { useDialogStore } from '../../state/dialogs';
import { useToggleFlag } from '../messages/toggle-flag';
import { messageLink } from '../../api/conversation-links';
import { fetchMessageSource } from './message-source';
import { markUnreadFromHere, quoteAndReply } from './quote-and-reply';
import { useMayPostInChannel } from '../compose/post-permission';

interface MenuItem {
  label: string;
  run: () => Promise<string | void> | string | void;
  /** Cannot be undone: told by its colour too. */
  danger?: boolean;
}

type Feedback = { text: string; error: boolean } | null;

/**
 * Everything one can do with a message, in one menu (hover or keyboard): quote and reply, copy
 * its link or text, mark unread from here, star, edit or move, history, source. Each row holds
 * only the button; what the menu needs is set up when it opens.
 */
export function MessageMenu({
  message,
  channelName,
  isOwn,
}: {
  message: Message;
  channelName?: string;
  isOwn: boolean;
}) {
  const [open, setOpen] = useMessagePopoverOpen(message.id, 'menu');
  const [feedback, setFeedback] = useState<Feedback>(null);
  useEffect(() => {
    if (!feedback || feedback.error) return;
    const timer = setTimeout(() => setFeedback(null), 2500);
    return () => clearTimeout(timer);
  }, [feedback]);
  return (
    <>
      <button
        type="button"
        aria-label="More actions"
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid={`more-actions-${message.id}`}
        onClick={() => setOpen(!open)}
      >
        ⋯
      </button>
      {open && (
        <MessageMenuItems
          message={message}
          channelName={channelName}
          isOwn={isOwn}
          close={() => setOpen(false)}
          report={setFeedback}
        />
      )}
      {feedback && (
        <span
          className={feedback.error ? 'row-error message-menu-feedback' : 'muted message-menu-feedback'}
          role={feedback.error ? 'alert' : 'status'}
        >
          {feedback.text}
        </span>
      )}
    </>
  );
}

function MessageMenuItems({
  message,
  channelName,
  isOwn,
  close,
  report,
}: {
  message: Message;
  channelName?: string;
  isOwn: boolean;
  close: () => void;
  report: (feedback: Feedback) => void;
}) {
  const bridge = useBridge();
  const selfId = useSelfId();
  const openDialog = useDialogStore((s) => s.open);
  const star = useToggleFlag(message.id);
  const starred = (message.flags ?? []).includes('starred');
  const mayDelete = useInitialState((s) => mayDeleteMessage(s, message, Math.floor(Date.now() / 1000)));
  const serverDrafts = useInitialState((s) => s.drafts);
  // A reply that could not be sent is not offered (the keyboard's `>` says why).
  const mayReply = useMayPostInChannel(message.type === 'stream' ? message.stream_id : undefined);

  const copy = async (text: string, done: string) => {
    await navigator.clipboard.writeText(text);
    return done;
  };
  const link = () => messageLink(currentServerBase() ?? window.location.origin, message, channelName);

  const items: MenuItem[] = [
    ...(mayReply
      ? [
          {
            label: 'Quote and reply',
            run: () => quoteAndReply(bridge, message, selfId, channelName, serverDrafts),
          },
        ]
      : []),
    { label: 'Copy link to message', run: () => copy(link(), 'Link copied.') },
    {
      label: 'Copy text',
      run: async () => copy((await fetchMessageSource(bridge, message.id)).content, 'Text copied.'),
    },
    {
      label: 'Mark as unread from here',
      run: () => markUnreadFromHere(bridge, message, selfId).then(() => undefined),
    },
    {
      label: starred ? 'Unstar message' : 'Star message',
      run: () => star.mutateAsync({ flag: 'starred', on: !starred }).then(() => undefined),
    },
    ...(isOwn || message.type === 'stream'
      ? [
          {
            label: isOwn ? 'Edit message' : 'Move message',
            run: () => openDialog({ kind: 'edit-message', messageId: message.id }),
          },
        ]
      : []),
    ...(hasEditHistory(message)
      ? [
          {
            label: 'View edit history',
            run: () => openDialog({ kind: 'edit-history', messageId: message.id }),
          },
        ]
      : []),
    { label: 'View source', run: () => openDialog({ kind: 'message-source', messageId: message.id }) },
    ...(mayDelete
      ? [
          {
            label: 'Delete message',
            run: () => openDialog({ kind: 'delete-message', messageId: message.id }),
            danger: true,
          },
        ]
      : []),
  ];

  const choose = (item: MenuItem) => {
    close();
    report(null);
    void Promise.resolve()
      .then(item.run)
      .then(
        (done) => done && report({ text: done, error: false }),
        (error: unknown) => report({ text: `${item.label}: ${errorText(error)}`, error: true }),
      );
  };

  return (
    <MenuPopover label="Message actions" onClose={close} className="popover message-menu">
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          className={item.danger ? 'menu-danger' : undefined}
          onClick={() => choose(item)}
        >
          {item.label}
        </button>
      ))}
    </MenuPopover>
  );
}
