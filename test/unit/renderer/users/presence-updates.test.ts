// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { getInitialState, sessionKey } from '../../../../renderer/src/api/keys';
import { connectBridge } from '../../../../renderer/src/app/session';
import { USER_INPUT_REPORT_MS, reportUserInput } from '../../../../renderer/src/app/user-input';
import { applyEvents } from '../../../../renderer/src/events/apply';
import { presenceOf } from '../../../../renderer/src/features/users/people';
import { baseState, decoded } from '../fixtures';
import { FakeBridge } from '../fake-bridge';

// The register state's `presences` follows `presence` events and the presence reports' pushes, so
// the people panel's dots change while the app is open.
function client() {
  const qc = new QueryClient();
  qc.setQueryData(sessionKey, {
    accountId: 'acc',
    generation: 1,
    initialState: { ...baseState(), presences: { '5': { active_timestamp: 100, idle_timestamp: 100 } } },
  });
  return qc;
}
const presences = (qc: QueryClient) => getInitialState(qc)!.presences;

describe('presence updates', () => {
  it('a presence event (modern form) moves a person’s times forward, never back', () => {
    const qc = client();
    applyEvents(
      qc,
      decoded([
        {
          id: 1,
          type: 'presence',
          presences: {
            '5': { active_timestamp: 50, idle_timestamp: 400 },
            '7': { active_timestamp: 390, idle_timestamp: 390 },
          },
        },
      ]),
    );
    expect(presences(qc)).toEqual({
      '5': { active_timestamp: 100, idle_timestamp: 400 },
      '7': { active_timestamp: 390, idle_timestamp: 390 },
    });
    expect(presenceOf(presences(qc), 7, 400)).toBe('active');
    expect(presenceOf(presences(qc), 5, 400)).toBe('idle');
  });

  it('a presence event in the older form (one user’s clients) counts too', () => {
    const qc = client();
    applyEvents(
      qc,
      decoded([
        {
          id: 1,
          type: 'presence',
          user_id: 9,
          email: 'nine@example.com',
          server_timestamp: 500,
          presence: { website: { client: 'website', status: 'active', timestamp: 500, pushable: false } },
        },
      ]),
    );
    expect(presences(qc)?.['9']).toEqual({ active_timestamp: 500, idle_timestamp: 500 });
  });

  it('applies the presence reports’ pushes for the session’s account only', () => {
    const bridge = new FakeBridge();
    const qc = client();
    const stop = connectBridge(bridge, qc);
    bridge.pushPresences({ '8': { active_timestamp: 0, idle_timestamp: 600 } }, 'other-account');
    expect(presences(qc)).not.toHaveProperty('8');
    bridge.pushPresences({ '8': { active_timestamp: 0, idle_timestamp: 600 } }, 'acc');
    expect(presences(qc)?.['8']).toEqual({ active_timestamp: 0, idle_timestamp: 600 });
    expect(presenceOf(presences(qc), 8, 610)).toBe('idle');
    stop();
  });
});

describe('reporting the user’s input', () => {
  let stop = () => {};
  afterEach(() => stop());

  it('tells main of keys and clicks, at most once per interval', () => {
    const bridge = new FakeBridge();
    let time = 1_000_000;
    stop = reportUserInput(bridge, window, () => time);
    const before = bridge.userInputs;
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'j' }));
    window.dispatchEvent(new Event('pointerdown'));
    expect(bridge.userInputs - before).toBe(1);
    time += USER_INPUT_REPORT_MS;
    window.dispatchEvent(new Event('pointerdown'));
    const after = bridge.userInputs;
    expect(after - before).toBe(2);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k' }));
    expect(bridge.userInputs).toBe(after);
    stop();
    time += USER_INPUT_REPORT_MS;
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k' }));
    expect(bridge.userInputs).toBe(after);
  });
});
