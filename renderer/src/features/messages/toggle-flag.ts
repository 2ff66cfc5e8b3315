import { useMutation } from '@tanstack/react-query';
import type { ChatBridge } from '../../../../shared/ipc';
import { callApi } from '../../api/call';
import { useBridge } from '../../app/bridge-context';

/** Sets or clears a flag on one message: the narrow endpoint anchored on it with no neighbours. */
export function setMessageFlag(bridge: ChatBridge, messageId: number, flag: string, on: boolean) {
  return callApi(bridge, 'updateMessageFlagsForNarrow', {
    anchor: messageId,
    include_anchor: true,
    num_before: 0,
    num_after: 0,
    narrow: [],
    op: on ? 'add' : 'remove',
    flag,
  });
}

export function useToggleFlag(messageId: number) {
  const bridge = useBridge();
  return useMutation({
    mutationFn: ({ flag, on }: { flag: string; on: boolean }) => setMessageFlag(bridge, messageId, flag, on),
  });
}
