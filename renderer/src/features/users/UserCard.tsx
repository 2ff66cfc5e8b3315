import { useEffect, useRef } from 'react';
import { errorText } from '../../api/call';
import type { User, UserStatus } from '../../api/model';
import { unmetError } from '../../api/unmet-error';
import type { Narrow } from '../../api/narrow';
import { Avatar } from '../../components/Avatar';
import { Popover } from '../../components/Popover';
import { resolveServerUrl } from '../../components/SafeHtml';
import { useNarrowStore } from '../../state/narrow';
import { focusComposeSoon } from '../compose/focus-compose';
import { roleLabel } from '../invitations/invite-form';
import { useMutedUserIds, useMuteUser } from './muted-users';
import { StatusBadge } from './StatusBadge';

/** Their clock now, where their profile names a time zone the browser knows; null otherwise. */
export function localTime(timeZone: string | undefined, now: Date, twentyFour: boolean): string | null {
  if (!timeZone) return null;
  try {
    return new Intl.DateTimeFormat(undefined, {
      timeZone,
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: twentyFour ? 'h23' : 'h12',
    }).format(now);
  } catch {
    return null;
  }
}

/**
 * A person's card, opened from their name or avatar on a message (or `u` on the selected one), as
 * in the real service: who they are, their status, role and local time, and what one does next:
 * write to them, see what they have sent, or mute them (their messages are then hidden).
 */
export function UserCard({
  user,
  status,
  isSelf,
  twentyFour,
  anchor,
  onClose,
}: {
  user: User;
  status: UserStatus | undefined;
  isSelf: boolean;
  twentyFour: boolean;
  /** What it opens beside, when not where it is rendered (a mention inside a message's HTML). */
  anchor?: Element;
  onClose: () => void;
}) {
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    card.current?.querySelector<HTMLElement>('button')?.focus();
  }, []);
  const email = user.delivery_email ?? user.email;
  const time = localTime(user.timezone, new Date(), twentyFour);
  const open = (narrow: Narrow) => {
    onClose();
    useNarrowStore.getState().select(narrow);
  };
  return (
    <Popover
      onClose={onClose}
      placement="bottom-start"
      anchor={anchor}
      className="popover user-card"
      data-testid="user-card"
    >
      <div ref={card} role="dialog" aria-label={user.full_name}>
        <div className="user-card-head">
          <Avatar
            name={user.full_name}
            url={user.avatar_url ? resolveServerUrl(user.avatar_url) : null}
            size={56}
          />
          <div className="user-card-names">
            <strong className="user-card-name">{user.full_name}</strong>
            <StatusBadge status={status} testId="user-card-status" />
            <span className="muted small">
              {user.is_bot ? 'Bot' : roleLabel(user.role)}
              {user.is_active === false ? ' · deactivated' : ''}
            </span>
          </div>
        </div>
        <dl className="user-card-facts small">
          {email && (
            <>
              <dt>Email</dt>
              <dd data-testid="user-card-email">{email}</dd>
            </>
          )}
          {time && (
            <>
              <dt>Local time</dt>
              <dd data-testid="user-card-time">{time}</dd>
            </>
          )}
        </dl>
        <div className="user-card-actions">
          <button
            type="button"
            className="btn btn-small btn-primary"
            data-testid="user-card-dm"
            onClick={() => {
              open({ kind: 'dm', userIds: isSelf ? [] : [user.user_id] });
              focusComposeSoon();
            }}
          >
            {isSelf ? 'Write a note to yourself' : 'Send a direct message'}
          </button>
          <button
            type="button"
            className="btn btn-small"
            data-testid="user-card-messages"
            onClick={() => open({ kind: 'search', query: `sender:${user.email}` })}
          >
            View messages sent
          </button>
          {!isSelf && <MuteButton userId={user.user_id} />}
        </div>
      </div>
    </Popover>
  );
}

/** Mute or unmute: the button follows the server's `muted_users` event, not the click. */
function MuteButton({ userId }: { userId: number }) {
  const muted = useMutedUserIds().has(userId);
  const change = useMuteUser();
  const error = unmetError(change, ({ mute }) => muted === mute);
  return (
    <>
      <button
        type="button"
        className="btn btn-small"
        data-testid="user-card-mute"
        disabled={change.isPending}
        onClick={() => change.mutate({ userId, mute: !muted })}
      >
        {muted ? 'Unmute this user' : 'Mute this user'}
      </button>
      {error && (
        <span className="row-error" role="alert">
          {errorText(error)}
        </span>
      )}
    </>
  );
}
