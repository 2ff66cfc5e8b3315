// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { getInitialState } from '../../../../renderer/src/api/keys';
import { applyEvents } from '../../../../renderer/src/events/apply';
import { useScheduledEditing } from '../../../../renderer/src/features/scheduled/scheduled-editing';
import { enterAccountScope } from '../../../../renderer/src/state/account-scope';
import { baseState, decoded } from '../fixtures';
import { setup } from '../render-helpers';

const scheduled = (id: number, at: number, extra: Record<string, unknown> = {}) => ({
  scheduled_message_id: id,
  type: 'stream',
  to: 1,
  topic: 'plans',
  content: `message ${id}`,
  rendered_content: `<p>message ${id}</p>`,
  scheduled_delivery_timestamp: at,
  failed: false,
  ...extra,
});

describe('scheduled_messages events keep the register list current', () => {
  it('add, update (failed) and remove, soonest first', () => {
    const { queryClient } = setup(baseState({ scheduled_messages: [scheduled(1, 2000)] }));
    const list = () =>
      getInitialState(queryClient)?.scheduled_messages?.map((m) => [m.scheduled_message_id, m.failed]);
    applyEvents(
      queryClient,
      decoded([{ id: 1, type: 'scheduled_messages', op: 'add', scheduled_messages: [scheduled(2, 1000)] }]),
    );
    expect(list()).toEqual([
      [2, false],
      [1, false],
    ]);
    applyEvents(
      queryClient,
      decoded([
        {
          id: 2,
          type: 'scheduled_messages',
          op: 'update',
          scheduled_message: scheduled(2, 3000, { failed: true }),
        },
      ]),
    );
    expect(list()).toEqual([
      [1, false],
      [2, true],
    ]);
    applyEvents(
      queryClient,
      decoded([{ id: 3, type: 'scheduled_messages', op: 'remove', scheduled_message_id: 1 }]),
    );
    expect(list()).toEqual([[2, true]]);
  });
});

describe('a compose box editing a scheduled message belongs to its account', () => {
  it('another account does not see it; coming back finds it again', () => {
    enterAccountScope('first');
    useScheduledEditing.getState().start('topic:1:plans', { id: 7, at: 2000 });
    enterAccountScope('second');
    expect(useScheduledEditing.getState().byKey['topic:1:plans']).toBeUndefined();
    enterAccountScope('first');
    expect(useScheduledEditing.getState().byKey['topic:1:plans']).toEqual({ id: 7, at: 2000 });
  });
});
