import { useChannelIndex } from './hooks';
import { JoinLeaveButton, useIsSubscribed } from './JoinLeaveButton';

/**
 * Below the feed of a channel the person is not subscribed to (never joined, left, or removed by
 * someone else while reading it): the server sends no events for it, so new messages, edits and
 * reactions do not come in. Said so, with Join (as the real service's "You are not subscribed"
 * end of the feed), which brings the channel's messages again. An archived channel gets none: no
 * one can post there, and the compose box says so.
 */
export function NotSubscribedNotice({ streamId }: { streamId: number }) {
  const channel = useChannelIndex().get(streamId);
  const subscribed = useIsSubscribed()(streamId);
  if (!channel || subscribed || channel.is_archived) return null;
  return (
    <div className="not-subscribed-notice" role="status" data-testid="not-subscribed-notice">
      <span>You are not subscribed to #{channel.name}: new messages here do not show until you join.</span>
      <JoinLeaveButton channel={channel} testId="not-subscribed-join" />
    </div>
  );
}
