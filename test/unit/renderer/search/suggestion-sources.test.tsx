// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSuggestionSources } from '../../../../renderer/src/features/search/useSuggestionSources';
import { baseState } from '../fixtures';
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
