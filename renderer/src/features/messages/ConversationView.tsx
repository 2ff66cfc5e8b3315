import { Fragment } from 'react';
import type { FeedAnchor, Narrow } from '../../api/narrow';
import { useUsers } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { Avatar } from '../../components/Avatar';
import { ChannelIcon } from '../../components/icons';
import { resolveServerUrl } from '../../components/SafeHtml';
import { useDialogStore } from '../../state/dialogs';
import { usePeoplePane } from '../../state/people-pane';
import { ChannelDetails } from '../channels/ChannelDetails';
import { useChannelIndex } from '../channels/hooks';
import { NotSubscribedNotice } from '../channels/NotSubscribedNotice';
import { Compose } from '../compose/Compose';
import { PeoplePanel } from '../users/PeoplePanel';
import { StatusLine } from '../users/UserPicker';
import { MessageFeed } from './MessageFeed';
import { useFileDrop } from '../uploads/useFileDrop';
import { useNarrowTitle } from './narrow-title';
import { shownName, useMutedUserIds } from '../users/muted-users';

/** The center pane: title bar, virtualized feed, compose box. */
export function ConversationView({ narrow, anchor }: { narrow: Narrow; anchor: FeedAnchor }) {
  const parts = useNarrowTitle(narrow);
  const title = parts.join(' › ');
  const channels = useChannelIndex();
  const channel =
    narrow.kind === 'channel' || narrow.kind === 'topic' ? channels.get(narrow.streamId) : undefined;
  const open = useDialogStore((s) => s.open);
  const drop = useFileDrop();
  return (
    <section className="conversation" aria-label={title} {...drop.handlers}>
      <header className="conversation-header">
        <h1 className="conversation-title" data-testid="conversation-title" title={title}>
          {parts.map((part, i) => (
            <Fragment key={i}>
              {i > 0 && <span className="title-separator"> › </span>}
              <span className="title-part">
                {/* The channel's marker as the sidebar shows it: a lock for a private one. */}
                {i === 0 && channel ? (
                  <>
                    <ChannelIcon inviteOnly={channel.invite_only} webPublic={channel.is_web_public} />{' '}
                    {channel.name}
                  </>
                ) : (
                  part
                )}
              </span>
            </Fragment>
          ))}
        </h1>
        {(narrow.kind === 'channel' || narrow.kind === 'topic' || narrow.kind === 'dm') && (
          <button
            type="button"
            className="btn btn-small"
            data-testid="mark-conversation-read"
            onClick={() =>
              open({
                kind: 'mark-all-read',
                scope:
                  narrow.kind === 'dm'
                    ? { kind: 'dm', userIds: narrow.userIds }
                    : narrow.kind === 'topic'
                      ? { kind: 'topic', streamId: narrow.streamId, topic: narrow.topic }
                      : { kind: 'channel', streamId: narrow.streamId },
              })
            }
          >
            Mark as read
          </button>
        )}
      </header>
      <MessageFeed narrow={narrow} anchor={anchor} />
      {(narrow.kind === 'channel' || narrow.kind === 'topic') && (
        <NotSubscribedNotice streamId={narrow.streamId} />
      )}
      <Compose narrow={narrow} />
      {drop.hint}
    </section>
  );
}

/** The right pane: channel details, the people of a DM, or the organization (`w` shows it anywhere). */
export function DetailsPane({ narrow }: { narrow: Narrow | null }) {
  const users = useUsers();
  const muted = useMutedUserIds();
  const statuses = useInitialState((s) => s.user_status);
  const peopleShownFor = usePeoplePane((s) => s.shownFor);
  if (narrow && peopleShownFor === narrow)
    return <PeoplePanel searchOnOpen onLeave={() => usePeoplePane.getState().hide()} />;
  if (narrow && (narrow.kind === 'channel' || narrow.kind === 'topic'))
    return <ChannelDetails streamId={narrow.streamId} />;
  if (narrow?.kind === 'dm')
    return (
      <section className="details" aria-label="People">
        <h2>People</h2>
        <ul className="people">
          {narrow.userIds.map((id) => {
            // Someone muted is named "Muted user", without their picture or details.
            const u = muted.has(id) ? undefined : users.get(id);
            const name = shownName(id, users, muted);
            return (
              <li key={id}>
                <Avatar name={name} url={u?.avatar_url ? resolveServerUrl(u.avatar_url) : null} size={32} />
                <span className="user-text">
                  <strong>{name}</strong>
                  <span className="muted small">{u?.email}</span>
                  {u && <StatusLine status={statuses?.[String(id)]} />}
                </span>
              </li>
            );
          })}
        </ul>
      </section>
    );
  return <PeoplePanel />;
}
