// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { feedKey, type FeedData } from '../../../../renderer/src/api/keys';
import type { Message } from '../../../../renderer/src/api/model';
import type { Narrow } from '../../../../renderer/src/api/narrow';
import { applyEvents } from '../../../../renderer/src/events/apply';
import { useSearchHighlights } from '../../../../renderer/src/features/search/highlights';
import { baseState, channelMessage, decoded } from '../fixtures';
import { setup } from '../render-helpers';

afterEach(cleanup);

const narrow: Narrow = { kind: 'search', query: 'quokka' };

/** The search's messages as its feed would draw them: hidden ones left out, each with its HTML. */
function SearchRows() {
  const { data } = useQuery<FeedData>({ queryKey: feedKey(narrow), enabled: false });
  const messages = data?.pages.flatMap((p) => p.messages) ?? [];
  const { highlights, hidden } = useSearchHighlights(narrow, messages);
  return (
    <ol>
      {messages
        .filter((m) => !hidden.has(m.id))
        .map((m) => (
          <li key={m.id} data-testid={`row-${m.id}`}>
            {highlights.get(m.id)?.content ?? `plain:${m.content}`}
          </li>
        ))}
    </ol>
  );
}

function feedOf(messages: Message[]): FeedData {
  const page = {
    result: 'success' as const,
    msg: '',
    messages,
    found_oldest: true,
    found_newest: true,
    anchor: 0,
  };
  return { pages: [page], pageParams: [{ anchor: 'newest', before: 50, after: 0, includeAnchor: true }] };
}

let eventId = 0;
const edit = (id: number, content: string) =>
  decoded([
    { id: ++eventId, type: 'update_message', message_id: id, message_ids: [id], rendered_content: content },
  ]);

/** A matches_narrow handler whose answers the test gives, one asked call at a time. */
function heldAnswers() {
  const waiting: ((answer: Record<string, { match_content: string; match_subject: string }>) => void)[] = [];
  return {
    handler: () =>
      new Promise((resolve) => waiting.push((messages) => resolve({ result: 'success', msg: '', messages }))),
    answerNext: (messages: Record<string, { match_content: string; match_subject: string }>) =>
      act(() => waiting.shift()!(messages)),
    /** Answers the `index`th call asked (counting from the first), whatever came since. */
    answer: (index: number, messages: Record<string, { match_content: string; match_subject: string }>) =>
      act(() => waiting[index]!(messages)),
    pending: () => waiting.length,
  };
}

describe('a search whose matched message someone edits', () => {
  it('shows the new text at once, unhighlighted, then as the server highlights it', async () => {
    const m = channelMessage({
      content: 'a quokka',
      match_content: 'a <span class="highlight">quokka</span>',
    });
    const { bridge, queryClient, render } = setup(baseState());
    const answers = heldAnswers();
    bridge.handlers.checkMessagesMatchNarrow = answers.handler;
    queryClient.setQueryData(feedKey(narrow), feedOf([m]));
    render(<SearchRows />);
    expect(screen.getByTestId(`row-${m.id}`).textContent).toContain('highlight');

    act(() => applyEvents(queryClient, edit(m.id, 'two quokkas')));
    // Asked again, and shown meanwhile (the answer is held) with what it now says.
    await waitFor(() => expect(screen.getByTestId(`row-${m.id}`).textContent).toBe('plain:two quokkas'));
    await waitFor(() => expect(answers.pending()).toBe(1));
    await answers.answerNext({ [m.id]: { match_content: 'two <b>quokkas</b>', match_subject: 'greetings' } });
    await waitFor(() => expect(screen.getByTestId(`row-${m.id}`).textContent).toBe('two <b>quokkas</b>'));
  });

  it('drops an answer about the text it had before a second edit', async () => {
    const m = channelMessage({
      content: 'a quokka',
      match_content: 'a <span class="highlight">quokka</span>',
    });
    const { bridge, queryClient, render } = setup(baseState());
    const answers = heldAnswers();
    bridge.handlers.checkMessagesMatchNarrow = answers.handler;
    queryClient.setQueryData(feedKey(narrow), feedOf([m]));
    render(<SearchRows />);

    act(() => applyEvents(queryClient, edit(m.id, 'a quokka, once')));
    await waitFor(() => expect(answers.pending()).toBe(1));
    act(() => applyEvents(queryClient, edit(m.id, 'a quokka, twice')));
    await waitFor(() => expect(answers.pending()).toBe(2));
    await answers.answer(1, {
      [m.id]: { match_content: 'a <b>quokka</b>, twice', match_subject: 'greetings' },
    });
    const row = () => screen.getByTestId(`row-${m.id}`).textContent;
    await waitFor(() => expect(row()).toBe('a <b>quokka</b>, twice'));
    // The answer about the first edit arrives last: read (no check is left running), not shown.
    await answers.answer(0, {
      [m.id]: { match_content: 'a <b>quokka</b>, once', match_subject: 'greetings' },
    });
    await waitFor(() => expect(queryClient.isFetching({ queryKey: ['search-check'] })).toBe(0));
    expect(row()).toBe('a <b>quokka</b>, twice');
  });

  it('leaves it out once the server says it no longer matches', async () => {
    const m = channelMessage({
      content: 'a quokka',
      match_content: 'a <span class="highlight">quokka</span>',
    });
    const { bridge, queryClient, render } = setup(baseState());
    const answers = heldAnswers();
    bridge.handlers.checkMessagesMatchNarrow = answers.handler;
    queryClient.setQueryData(feedKey(narrow), feedOf([m]));
    render(<SearchRows />);
    act(() => applyEvents(queryClient, edit(m.id, 'a wombat')));
    await waitFor(() => expect(answers.pending()).toBe(1));
    await answers.answerNext({});
    await waitFor(() => expect(screen.queryByTestId(`row-${m.id}`)).toBeNull());
  });
});
