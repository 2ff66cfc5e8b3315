import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Channel } from '../../api/model';
import { callApi, errorText } from '../../api/call';
import { unmetError } from '../../api/unmet-error';
import { useBridge } from '../../app/bridge-context';
import { useInitialState } from '../../app/session';

/** Whether the user is subscribed to a channel, from the register state that subscription events keep current. */
export function useIsSubscribed(): (streamId: number) => boolean {
  const subs = useInitialState((s) => s.subscriptions);
  return useMemo(() => {
    const ids = new Set((subs ?? []).map((s) => s.stream_id));
    return (streamId) => ids.has(streamId);
  }, [subs]);
}

/**
 * Join or leave one channel (POST / DELETE /users/me/subscriptions). The server decides who may
 * join; its refusal is shown beside the button. Leaving a private channel asks first: joining it
 * again may need someone else.
 */
export function JoinLeaveButton({
  channel,
  testId,
}: {
  channel: Pick<Channel, 'name' | 'invite_only' | 'stream_id'>;
  testId: string;
}) {
  const bridge = useBridge();
  const subscribed = useIsSubscribed()(channel.stream_id);
  const [confirming, setConfirming] = useState(false);
  const change = useMutation({
    mutationFn: async (join: boolean) => {
      if (join) await callApi(bridge, 'subscribe', { subscriptions: [{ name: channel.name }] });
      else await callApi(bridge, 'unsubscribe', { subscriptions: [channel.name] });
    },
    onSuccess: () => setConfirming(false),
  });
  const failure = unmetError(change, (join) => subscribed === join);
  const leave = () => (channel.invite_only && !confirming ? setConfirming(true) : change.mutate(false));
  return (
    <span className="join-leave">
      {confirming && (
        <span className="small" data-testid={`${testId}-confirm-text`}>
          Leave #{channel.name}? You may need to be added back.
        </span>
      )}
      <button
        type="button"
        className={subscribed ? 'btn btn-small' : 'btn btn-small btn-primary'}
        data-testid={testId}
        disabled={change.isPending}
        onClick={() => (subscribed ? leave() : change.mutate(true))}
      >
        {change.isPending ? (subscribed ? 'Leaving…' : 'Joining…') : subscribed ? 'Leave' : 'Join'}
      </button>
      {confirming && (
        <button
          type="button"
          className="btn btn-small"
          data-testid={`${testId}-cancel`}
          onClick={() => setConfirming(false)}
        >
          Cancel
        </button>
      )}
      {failure && (
        <span className="form-error small" role="alert" data-testid={`${testId}-error`}>
          {errorText(failure)}
        </span>
      )}
    </span>
  );
}
