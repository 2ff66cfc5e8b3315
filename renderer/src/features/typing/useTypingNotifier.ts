import { useEffect, useMemo } from 'react';
import type { EndpointParams } from '../../../../shared/api';
import { callApi } from '../../api/call';
import { useBridge } from '../../app/bridge-context';
import { useUserSetting } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { DEFAULT_TIMINGS, TypingSender } from './typing-sender';

export type TypingTarget =
  { kind: 'channel'; streamId: number; topic: string } | { kind: 'direct'; userIds: number[] } | null;

/** A TypingSender for the compose box's conversation, honouring the user's send settings. */
export function useTypingNotifier(target: TypingTarget): TypingSender | null {
  const bridge = useBridge();
  const startedWait = useInitialState((s) => s.server_typing_started_wait_period_milliseconds);
  const stoppedWait = useInitialState((s) => s.server_typing_stopped_wait_period_milliseconds);
  const sendDm = useUserSetting('send_private_typing_notifications', true);
  const sendChannel = useUserSetting('send_stream_typing_notifications', true);
  const key = JSON.stringify(target);
  const allowed = target !== null && (target.kind === 'direct' ? sendDm : sendChannel);

  const sender = useMemo(() => {
    if (!allowed || !target) return null;
    const params: Omit<EndpointParams<'setTypingStatus'>, 'op'> = target.kind === 'direct'
      ? { type: 'direct', to: target.userIds }
      : { type: 'channel', stream_id: target.streamId, topic: target.topic };
    return new TypingSender(
      (op) => void callApi(bridge, 'setTypingStatus', { ...params, op }).catch(() => undefined),
      {
        startedWaitMs: startedWait ?? DEFAULT_TIMINGS.startedWaitMs,
        stoppedWaitMs: stoppedWait ?? DEFAULT_TIMINGS.stoppedWaitMs,
      },
    );
    // `key` stands for `target`'s content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bridge, key, allowed, startedWait, stoppedWait]);

  useEffect(() => () => sender?.stop(), [sender]);
  return sender;
}
