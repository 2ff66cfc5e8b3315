import { describe, expect, it } from 'vitest';
import { callApi } from '../../../renderer/src/api/call';
import { isCancelledCall } from '../../../shared/failures';
import { createBridgeClient, type BridgeMethod } from '../../../shared/ipc-wire';

// The renderer's side of cancelling: an AbortSignal given to callApi becomes a cancel id on the
// call frame and a `cancelCall` frame when it aborts; the call settles at once as cancelled.

function recordingBridge() {
  const sent: { method: BridgeMethod; args: unknown[] }[] = [];
  const bridge = createBridgeClient({
    // Calls stay unanswered (a slow server); every other frame is answered at once.
    invoke: (method, args) => {
      sent.push({ method, args });
      return method === 'call' ? new Promise(() => {}) : Promise.resolve(null);
    },
    subscribe: () => () => {},
  });
  return { bridge, sent };
}

const params = { anchor: 'newest' as const, num_before: 10, num_after: 0 };

describe('callApi with a signal', () => {
  it('sends a cancel id with the call, and a cancel for it when the signal aborts', async () => {
    const { bridge, sent } = recordingBridge();
    const controller = new AbortController();
    const call = callApi(bridge, 'getMessages', params, controller.signal);
    const [frame] = sent;
    expect(frame?.method).toBe('call');
    const cancelId = frame?.args[2];
    expect(cancelId).toEqual(expect.any(Number));
    controller.abort();
    const error = await call.catch((e: unknown) => e);
    expect(isCancelledCall(error)).toBe(true);
    expect(sent.slice(1)).toEqual([{ method: 'cancelCall', args: [cancelId] }]);
  });

  it('gives each call its own id, and sends nothing for a signal already aborted', async () => {
    const { bridge, sent } = recordingBridge();
    void callApi(bridge, 'getMessages', params, new AbortController().signal);
    void callApi(bridge, 'getMessages', params, new AbortController().signal);
    expect(sent[0]?.args[2]).not.toEqual(sent[1]?.args[2]);
    const aborted = AbortSignal.abort();
    const error = await callApi(bridge, 'getMessages', params, aborted).catch((e: unknown) => e);
    expect(isCancelledCall(error)).toBe(true);
    expect(sent).toHaveLength(2);
  });

  it('keeps the call frame as it was without a signal: name and parameters only', () => {
    const { bridge, sent } = recordingBridge();
    void callApi(bridge, 'getMessages', params);
    expect(sent).toEqual([{ method: 'call', args: ['getMessages', params] }]);
  });
});
