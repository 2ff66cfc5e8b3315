import { describe, expect, it } from 'vitest';
import { callApi } from '../../../renderer/src/api/call';
import { FakeBridge, takeRefusedCalls } from './fake-bridge';

describe('the fake bridge checks every call as the main process does', () => {
  it('answers a call whose parameters pass the binding', async () => {
    const bridge = new FakeBridge();
    bridge.handlers.deleteSavedSnippet = () => ({ result: 'success', msg: '' });
    await expect(callApi(bridge, 'deleteSavedSnippet', { saved_snippet_id: 3 })).resolves.toMatchObject({
      result: 'success',
    });
    expect(takeRefusedCalls()).toEqual([]);
  });

  it('refuses parameters the binding rejects, and records the refusal for the test to fail on', async () => {
    const bridge = new FakeBridge();
    bridge.handlers.deleteSavedSnippet = () => ({ result: 'success', msg: '' });
    const loose = bridge.call.bind(bridge) as (name: string, params: unknown) => Promise<unknown>;
    await expect(loose('deleteSavedSnippet', { saved_snippet_id: 'three' })).rejects.toThrow(
      /deleteSavedSnippet.*saved_snippet_id/s,
    );
    await expect(loose('getEvents', { queue_id: 'q' })).rejects.toThrow(/getEvents: not an operation/);
    await expect(loose('getMesages', {})).rejects.toThrow(/getMesages: not an operation/);
    expect(takeRefusedCalls()).toHaveLength(3);
  });
});
