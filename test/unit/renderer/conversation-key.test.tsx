// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { conversationKey } from '../../../renderer/src/api/narrow';
import { applyEvents } from '../../../renderer/src/events/apply';
import { Compose } from '../../../renderer/src/features/compose/Compose';
import { readLocalDrafts, STORAGE_PREFIX } from '../../../renderer/src/features/drafts/local-drafts';
import { useComposeStore } from '../../../renderer/src/state/compose';
import { useTypingStore } from '../../../renderer/src/state/typing';
import { decoded, OTHER, SELF, THIRD } from './fixtures';
import { setup } from './render-helpers';

beforeEach(() => {
  localStorage.clear();
  useComposeStore.setState({ drafts: {}, topics: {} });
  useTypingStore.getState().reset();
});
afterEach(cleanup);

describe('conversationKey: one key for compose text, drafts and typing', () => {
  it('folds the case of topic names, as the service compares them', () => {
    const key = (topic: string) => conversationKey({ kind: 'topic', streamId: 1, topic }, SELF);
    expect(key('Lunch Plans')).toBe(key('lunch plans'));
    expect(key('LUNCH PLANS')).toBe(key('lunch plans'));
    expect(key('Lunch')).not.toBe(key('Lunch Plans'));
    expect(conversationKey({ kind: 'topic', streamId: 2, topic: 'lunch' }, SELF)).not.toBe(key('lunch'));
  });

  it('names a direct-message conversation by the other participants, in any order', () => {
    const dm = (userIds: number[]) => conversationKey({ kind: 'dm', userIds }, SELF);
    expect(dm([THIRD, OTHER])).toBe(dm([OTHER, THIRD]));
    expect(dm([SELF, OTHER])).toBe(dm([OTHER]));
    // A note to self, opened from the people list ([]) or from a draft ([self]).
    expect(dm([])).toBe(dm([SELF]));
    expect(dm([OTHER])).not.toBe(dm([THIRD]));
  });

  it('keeps a channel view’s box, which names its own topic, apart from its topics', () => {
    expect(conversationKey({ kind: 'channel', streamId: 1 }, SELF)).not.toBe(
      conversationKey({ kind: 'topic', streamId: 1, topic: '' }, SELF),
    );
  });

  it('shows a typing event in the compose box of the same topic written in another case', () => {
    const { queryClient, render, bridge } = setup();
    bridge.handlers.setTypingStatus = () => ({});
    render(<Compose narrow={{ kind: 'topic', streamId: 1, topic: 'lunch plans' }} />);
    act(() =>
      applyEvents(
        queryClient,
        decoded([
          {
            id: 1,
            type: 'typing',
            op: 'start',
            message_type: 'stream',
            stream_id: 1,
            topic: 'Lunch Plans',
            sender: { user_id: OTHER },
          },
        ]),
      ),
    );
    expect(screen.getByTestId('typing-indicator').textContent).toBe('Other Person is typing…');
  });

  it('keeps one compose text for a topic however its name is cased', () => {
    const { render, bridge } = setup();
    bridge.handlers.setTypingStatus = () => ({});
    const view = render(<Compose narrow={{ kind: 'topic', streamId: 1, topic: 'Lunch Plans' }} />);
    fireEvent.change(screen.getByTestId('compose-input'), { target: { value: 'Pizza?' } });
    view.unmount();
    render(<Compose narrow={{ kind: 'topic', streamId: 1, topic: 'lunch plans' }} />);
    expect((screen.getByTestId('compose-input') as HTMLTextAreaElement).value).toBe('Pizza?');
  });

  it('reads drafts saved under a topic key of before case-folding under today’s key, the newer one winning', () => {
    const draft = (content: string, timestamp: number) => ({
      type: 'stream',
      to: [1],
      topic: 'Lunch',
      content,
      timestamp,
    });
    localStorage.setItem(
      `${STORAGE_PREFIX}acc`,
      JSON.stringify({
        'topic:1:Lunch': { key: 'topic:1:Lunch', draft: draft('older', 100), synced: false },
        'topic:1:LUNCH': { key: 'topic:1:LUNCH', draft: draft('newer', 200), synced: false },
        'dm:11': {
          key: 'dm:11',
          draft: { ...draft('to Other', 50), type: 'private', to: [11] },
          synced: false,
        },
      }),
    );
    const drafts = readLocalDrafts('acc');
    const lunch = conversationKey({ kind: 'topic', streamId: 1, topic: 'Lunch' }, SELF);
    expect(Object.keys(drafts).sort()).toEqual(['dm:11', lunch].sort());
    expect(drafts[lunch]).toMatchObject({ key: lunch, draft: { content: 'newer' } });
  });
});
