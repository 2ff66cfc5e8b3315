// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSuggestionSources } from '../../../../renderer/src/features/search/useSuggestionSources';
import type { SearchTerm } from '../../../../renderer/src/api/search-query';
import { useNarrowStore } from '../../../../renderer/src/state/narrow';
import { applyEvents } from '../../../../renderer/src/events/apply';
import type { SuggestionSources } from '../../../../renderer/src/features/search/search-suggestions';
import { baseState, channelMessage, decoded } from '../fixtures';
import { setup } from '../render-helpers';

afterEach(cleanup);

function People() {
  const { people } = useSuggestionSources([]);
  return (
    <ol>
      {people.map((p) => (
        <li key={p.email}>{p.email}</li>
      ))}
    </ol>
  );
}

describe('the people the search box suggests', () => {
  it('lists people before bots (the notification bot is listed first by the server)', () => {
    const state = baseState({
      cross_realm_bots: [
        { user_id: 1, email: 'notification-bot@x.example', full_name: 'Notification Bot', is_bot: true },
      ],
    });
    const { render: renderIn } = setup(state);
    renderIn(<People />);
    const emails = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(emails[0]).not.toBe('notification-bot@x.example');
    expect(emails.at(-1)).toBe('notification-bot@x.example');
  });
});

function Topics({ terms }: { terms: SearchTerm[] }) {
  const { topics } = useSuggestionSources(terms);
  return <p data-testid="topics">{topics.join(',')}</p>;
}

describe('the topics the search box suggests', () => {
  const topicsOf = (params: { stream_id: number }) => ({
    topics: [{ name: params.stream_id === 1 ? 'in general' : 'in design', max_id: 1 }],
  });

  it('are those of the channel the query names, else of the channel being viewed', async () => {
    const { bridge, render: renderIn } = setup(baseState());
    bridge.handlers.getStreamTopics = topicsOf;
    useNarrowStore.getState().select({ kind: 'topic', streamId: 2, topic: 'x' });
    renderIn(<Topics terms={[]} />);
    await waitFor(() => expect(screen.getByTestId('topics').textContent).toBe('in design'));
    cleanup();
    renderIn(<Topics terms={[{ operator: 'channel', operand: 'general', negated: false }]} />);
    await waitFor(() => expect(screen.getByTestId('topics').textContent).toBe('in general'));
    cleanup();
    useNarrowStore.getState().select({ kind: 'starred' });
    renderIn(<Topics terms={[]} />);
    expect(screen.getByTestId('topics').textContent).toBe('');
  });
});

function Channels() {
  const { channels } = useSuggestionSources([]);
  return <p data-testid="channels">{channels.join(',')}</p>;
}

describe('the channels the search box suggests', () => {
  it('are the subscribed ones first, then the others the person can see (to search them too)', () => {
    const other = (stream_id: number, name: string) => ({
      stream_id,
      name,
      invite_only: false,
      is_web_public: false,
      description: '',
      rendered_description: '',
    });
    const { render: renderIn } = setup(
      baseState({
        never_subscribed: [other(8, 'zeta'), other(7, 'alerts')],
        unsubscribed: [other(9, 'left')],
      }),
    );
    renderIn(<Channels />);
    expect(screen.getByTestId('channels').textContent).toBe('design,general,alerts,left,zeta');
  });
});

describe('the lists the search box suggests from', () => {
  it('keep the people list when a message arrives in the viewed channel (only its topics change)', async () => {
    const { bridge, queryClient, render: renderIn } = setup(baseState());
    bridge.handlers.getStreamTopics = () => ({ topics: [{ name: 'older', max_id: 1 }] });
    useNarrowStore.getState().select({ kind: 'topic', streamId: 1, topic: 'older' });
    const seen: SuggestionSources[] = [];
    function Sources() {
      const sources = useSuggestionSources([]);
      seen.push(sources);
      return <p data-testid="topics">{sources.topics.join(',')}</p>;
    }
    renderIn(<Sources />);
    await waitFor(() => expect(screen.getByTestId('topics').textContent).toBe('older'));
    const people = seen.at(-1)!.people;

    const message = channelMessage({ stream_id: 1, subject: 'newer' });
    act(() => applyEvents(queryClient, decoded([{ type: 'message', id: 1, message, flags: [] }])));

    await waitFor(() => expect(screen.getByTestId('topics').textContent).toBe('newer,older'));
    // The same list, not one rebuilt (and sorted) from every person for a message.
    expect(seen.at(-1)!.people).toBe(people);
  });
});
