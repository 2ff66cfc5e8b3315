// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserTopicVisibility } from '../../../shared/api/plain-values';
import { applyEvents } from '../../../renderer/src/events/apply';
import { Dialog } from '../../../renderer/src/components/Dialog';
import { VirtualList } from '../../../renderer/src/components/VirtualList';
import { MessageDisplayProvider } from '../../../renderer/src/features/messages/message-display';
import { Reactions } from '../../../renderer/src/features/reactions/Reactions';
import { useConnectionStore } from '../../../renderer/src/state/connection';
import { SignIn } from '../../../renderer/src/features/sign-in/SignIn';
import { TopicRow } from '../../../renderer/src/features/topics/TopicRow';
import { useNarrowStore } from '../../../renderer/src/state/narrow';
import { apiError, FailWith } from './fake-bridge';
import { channelMessage, decoded, OTHER, SELF } from './fixtures';
import { setup } from './render-helpers';

afterEach(cleanup);

describe('VirtualList', () => {
  it('moves focus between rows with the arrow keys, Home and End', async () => {
    // jsdom has no layout: give elements a size so the list renders rows.
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    const { render } = setup();
    const items = ['a', 'b', 'c'];
    render(
      <VirtualList
        items={items}
        label="letters"
        getKey={(x) => x}
        renderRow={(x) => <button type="button">{x}</button>}
      />,
    );
    const a = screen.getByText('a');
    a.focus();
    fireEvent.keyDown(a, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('b'));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('c'));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('a'));
    height.mockRestore();
    width.mockRestore();
  });

  it('passes over a closing row with nothing to focus: End lands on the last row that can take it', async () => {
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    const { render } = setup();
    render(
      <VirtualList
        items={['a', 'b', 'end']}
        label="letters"
        getKey={(x) => x}
        renderRow={(x) => (x === 'end' ? <span>No older ones.</span> : <button type="button">{x}</button>)}
      />,
    );
    const a = screen.getByText('a');
    a.focus();
    fireEvent.keyDown(a, { key: 'End' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('b'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('b'));
    height.mockRestore();
    width.mockRestore();
  });
});

describe('SignIn', () => {
  it('offers the demo accounts and signs in with one click', async () => {
    const { bridge, render } = setup();
    bridge.accounts.demo = async () => ({
      serverUrl: 'http://127.0.0.1:9991',
      accounts: [{ email: 'ada@x.example', fullName: 'Ada Park', role: 100 }],
    });
    const added: string[] = [];
    bridge.accounts.addDemo = async (email: string) => {
      added.push(email);
      return {
        ok: true,
        value: { id: '1', serverUrl: '', email, realmName: 'R', realmIcon: null, featureLevel: 400 },
      };
    };
    render(<SignIn />);
    fireEvent.click(await screen.findByTestId('demo-account-ada@x.example'));
    await waitFor(() => expect(added).toEqual(['ada@x.example']));
  });

  it('shows the public settings with a sanitized description before asking for the key', async () => {
    const { bridge, render } = setup();
    const typed: string[] = [];
    bridge.accounts.probeServer = async (input) => {
      typed.push(input);
      // Main makes the typed address whole and says which one answered.
      return {
        ok: true as const,
        value: {
          serverUrl: 'https://chat.example.com',
          settings: {
            result: 'success' as const,
            msg: '',
            realm_name: 'Northwind',
            realm_description: '<p>Hi<img src=x onerror="alert(1)"></p>',
            service_version: '11.0',
            service_feature_level: 400,
            authentication_methods: { password: true, dev: false, email: true },
          },
        },
      };
    };
    let request: unknown = null;
    bridge.accounts.add = async (r) => {
      request = r;
      return { ok: false as const, error: apiError('UNAUTHORIZED', 'Invalid API key') };
    };
    render(<SignIn />);
    fireEvent.change(screen.getByTestId('server-url'), { target: { value: 'chat.example.com/' } });
    fireEvent.click(screen.getByTestId('server-continue'));
    expect((await screen.findByTestId('realm-name')).textContent).toBe('Northwind');
    expect(screen.getByTestId('realm-version').textContent).toContain('feature level 400');
    expect(screen.getByTestId('auth-methods').textContent).toBe('Sign-in methods: Email and password');
    expect(screen.getByTestId('realm-card').innerHTML).not.toContain('onerror');
    // The email typed on one method is there on the other (the secrets are not).
    fireEvent.change(screen.getByTestId('password-email'), { target: { value: 'a@b.c' } });
    fireEvent.click(screen.getByTestId('method-api-key'));
    expect((screen.getByTestId('email') as HTMLInputElement).value).toBe('a@b.c');
    fireEvent.change(screen.getByTestId('api-key'), { target: { value: 'k' } });
    fireEvent.submit(screen.getByTestId('api-key').closest('form')!);
    expect((await screen.findByTestId('sign-in-error')).textContent).toContain('Invalid API key');
    expect(typed).toEqual(['chat.example.com/']);
    expect(request).toEqual({ serverUrl: 'https://chat.example.com', email: 'a@b.c', apiKey: 'k' });
  });
});

describe('SignIn: checking the organization URL', () => {
  /** Probes that answer only when the test says so, by the address typed. */
  function heldProbes(bridge: ReturnType<typeof setup>['bridge']) {
    const answers = new Map<string, (realmName: string) => void>();
    bridge.accounts.probeServer = (input) =>
      new Promise((resolve) =>
        answers.set(input, (realmName) =>
          resolve({
            ok: true,
            value: {
              serverUrl: `https://${input}`,
              settings: { result: 'success', msg: '', realm_name: realmName, service_feature_level: 400 },
            },
          }),
        ),
      );
    return answers;
  }
  const continueButton = () => screen.getByTestId('server-continue') as HTMLButtonElement;

  it('an address that does not answer yet can be corrected and checked again; the late answer changes nothing', async () => {
    const { bridge, render } = setup();
    const answers = heldProbes(bridge);
    render(<SignIn />);
    fireEvent.change(screen.getByTestId('server-url'), { target: { value: 'slow.example.com' } });
    fireEvent.click(continueButton());
    await waitFor(() => expect(continueButton().textContent).toBe('Checking…'));
    expect(continueButton().disabled).toBe(true);

    fireEvent.change(screen.getByTestId('server-url'), { target: { value: 'chat.example.com' } });
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    fireEvent.click(continueButton());
    await waitFor(() => expect(answers.has('chat.example.com')).toBe(true));
    await act(async () => answers.get('chat.example.com')!('Acme'));
    expect((await screen.findByTestId('realm-name')).textContent).toBe('Acme');
    await act(async () => answers.get('slow.example.com')!('Slow Org'));
    expect(screen.getByTestId('realm-name').textContent).toBe('Acme');
  });

  it('Stop gives the check up: Continue again, focus in the address, and its late answer shows nothing', async () => {
    const { bridge, render } = setup();
    const answers = heldProbes(bridge);
    render(<SignIn />);
    fireEvent.change(screen.getByTestId('server-url'), { target: { value: 'slow.example.com' } });
    fireEvent.click(continueButton());
    fireEvent.click(await screen.findByTestId('server-check-stop'));
    await waitFor(() => expect(continueButton().textContent).toBe('Continue'));
    expect(continueButton().disabled).toBe(false);
    expect(screen.queryByTestId('server-check-stop')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('server-url'));
    await act(async () => answers.get('slow.example.com')!('Slow Org'));
    expect(screen.queryByTestId('realm-card')).toBeNull();
  });
});

describe('SignIn: an organization URL that is wrong or missing', () => {
  it('says there is no chat server where something answered that is not one', async () => {
    const { bridge, render } = setup();
    bridge.accounts.probeServer = async () => ({
      ok: false,
      error: { kind: 'malformed', status: 200, message: 'the body is not JSON' },
    });
    render(<SignIn />);
    fireEvent.change(screen.getByTestId('server-url'), { target: { value: 'example.com' } });
    fireEvent.click(screen.getByTestId('server-continue'));
    expect((await screen.findByTestId('server-error')).textContent).toBe(
      'There is no chat server at example.com. Check the organization URL.',
    );
  });

  it('asks for the URL when Continue is pressed without one, and keeps the focus in the field', async () => {
    const { bridge, render } = setup();
    const probed: string[] = [];
    bridge.accounts.probeServer = async (input) => {
      probed.push(input);
      return { ok: false, error: apiError('BAD_REQUEST', 'no') };
    };
    render(<SignIn />);
    fireEvent.click(screen.getByTestId('server-continue'));
    expect((await screen.findByTestId('server-error')).textContent).toBe(
      'Enter your organization’s URL, for example chat.example.com.',
    );
    expect(document.activeElement).toBe(screen.getByTestId('server-url'));
    expect(screen.getByTestId('server-url').getAttribute('aria-invalid')).toBe('true');
    // Typing takes the message away.
    fireEvent.change(screen.getByTestId('server-url'), { target: { value: 'c' } });
    expect(screen.queryByTestId('server-error')).toBeNull();
    expect(probed).toEqual([]);
  });
});

describe('SignIn: password and the methods a server offers', () => {
  const settings = (extra: Record<string, unknown>) => async () => ({
    ok: true as const,
    value: {
      serverUrl: 'https://chat.example.com',
      settings: {
        result: 'success' as const,
        msg: '',
        realm_name: 'Acme',
        service_feature_level: 400,
        ...extra,
      },
    },
  });

  it('sends email and password once, empties the password field at once, and says what went wrong', async () => {
    const { bridge, render } = setup();
    bridge.accounts.probeServer = settings({ authentication_methods: { password: true } });
    const requests: unknown[] = [];
    let answer: (value: unknown) => void = () => {};
    bridge.accounts.signInWithPassword = (request) => {
      requests.push(request);
      return new Promise((resolve) => {
        answer = resolve as (value: unknown) => void;
      });
    };
    render(<SignIn />);
    fireEvent.change(screen.getByTestId('server-url'), { target: { value: 'chat.example.com' } });
    fireEvent.click(screen.getByTestId('server-continue'));
    fireEvent.change(await screen.findByTestId('password-email'), { target: { value: 'a@b.c' } });
    fireEvent.change(screen.getByTestId('password'), { target: { value: 'hunter22' } });
    fireEvent.submit(screen.getByTestId('password-form'));
    // While the call is out, the page no longer holds the password.
    expect((screen.getByTestId('password') as HTMLInputElement).value).toBe('');
    expect(document.body.innerHTML).not.toContain('hunter22');
    expect(requests).toEqual([
      { serverUrl: 'https://chat.example.com', username: 'a@b.c', password: 'hunter22' },
    ]);
    answer({ ok: false, error: apiError('USER_DEACTIVATED', 'Account is deactivated') });
    expect((await screen.findByTestId('password-error')).textContent).toContain('deactivated');
  });

  it('offers no password form where the server says passwords are off (object form too)', async () => {
    const { bridge, render } = setup();
    bridge.accounts.probeServer = settings({
      authentication_methods: { password: { enabled: false, available: true }, github: { enabled: true } },
      email_auth_enabled: false,
    });
    render(<SignIn />);
    fireEvent.change(screen.getByTestId('server-url'), { target: { value: 'chat.example.com' } });
    fireEvent.click(screen.getByTestId('server-continue'));
    expect((await screen.findByTestId('auth-methods')).textContent).toBe('Sign-in methods: GitHub');
    expect(screen.queryByTestId('method-password')).toBeNull();
    expect(screen.getByTestId('method-api-key').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('no-password-sign-in')).toBeTruthy();
  });
});

describe('Reactions', () => {
  it('treats REACTION_ALREADY_EXISTS as done and removes the user’s own reaction on click', async () => {
    const { bridge, render } = setup();
    bridge.handlers.addReaction = () => {
      throw new FailWith(apiError('REACTION_ALREADY_EXISTS', 'Reaction already exists.'));
    };
    bridge.handlers.removeReaction = () => ({});
    const message = channelMessage({
      reactions: [
        { emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji', user_id: OTHER },
        { emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji', user_id: SELF },
      ],
    });
    render(
      <MessageDisplayProvider>
        <Reactions message={message} picking={false} setPicking={() => undefined} />
      </MessageDisplayProvider>,
    );
    fireEvent.click(screen.getByTestId('reaction-octopus'));
    await waitFor(() => expect(bridge.callsTo('addReaction')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByTestId('reaction-tada'));
    await waitFor(() =>
      expect(bridge.callsTo('removeReaction')[0]).toEqual({
        message_id: message.id,
        emoji_name: 'tada',
        emoji_code: '1f389',
        reaction_type: 'unicode_emoji',
      }),
    );
  });
});

describe('Reactions offline', () => {
  it('refuses with a clear message when the server cannot be reached, and shows no reaction it does not hold', async () => {
    const { bridge, render } = setup();
    bridge.handlers.addReaction = () => {
      throw new FailWith({ kind: 'network', reason: 'connection_failed', message: 'ECONNREFUSED' });
    };
    const message = channelMessage({
      reactions: [
        { emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji', user_id: OTHER },
      ],
    });
    render(
      <MessageDisplayProvider>
        <Reactions message={message} picking={false} setPicking={() => undefined} />
      </MessageDisplayProvider>,
    );
    fireEvent.click(screen.getByTestId('reaction-octopus'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Reaction not saved: Could not reach the server. Check your connection.',
    );
    expect(screen.getByTestId('reaction-octopus').getAttribute('aria-pressed')).toBe('false');
    // The outage ends: its message goes.
    act(() =>
      useConnectionStore
        .getState()
        .setStatus({ state: 'reconnecting', failures: 1, retryInMs: 100, reason: 'refused' }),
    );
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => useConnectionStore.getState().setStatus({ state: 'connected' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

describe('TopicRow', () => {
  it('resolves with the check-mark prefix over the whole topic, leaving the open view to the move event', async () => {
    const { bridge, render } = setup();
    bridge.handlers.updateMessage = () => ({});
    useNarrowStore.getState().select({ kind: 'topic', streamId: 1, topic: 'bug' });
    render(<TopicRow streamId={1} topic="bug" maxId={77} unread={2} />);
    expect(screen.getByTestId('topic-unread-bug').textContent).toBe('2');
    fireEvent.click(screen.getByTestId('topic-menu-bug'));
    fireEvent.click(screen.getByTestId('topic-resolve'));
    await waitFor(() =>
      expect(bridge.callsTo('updateMessage')[0]).toEqual({
        message_id: 77,
        topic: '✔ bug',
        propagate_mode: 'change_all',
      }),
    );
    // Opening the renamed topic here made a visit of its own, at the newest message, on top of the
    // view already following the move's event (app/session.ts, follow-moved-topic.ts), which keeps
    // the selected message: the menu leaves the view alone.
    await act(async () => {}); // the save's answer handled
    expect(useNarrowStore.getState().narrow).toEqual({ kind: 'topic', streamId: 1, topic: 'bug' });
    expect(useNarrowStore.getState().history.back).toHaveLength(0);
  });

  it('a change whose answer was lost stops saying so once the server shows it made (mark as read, follow)', async () => {
    const { bridge, queryClient, render } = setup();
    const lostAnswer = () => {
      throw new FailWith({ kind: 'network', reason: 'connection_failed', message: 'socket hang up' });
    };
    bridge.handlers.updateMessageFlagsForNarrow = lostAnswer;
    bridge.handlers.updateUserTopic = lostAnswer;
    let showUnread: (unread: number) => void = () => undefined;
    function Row() {
      const [unread, setUnread] = useState(2);
      showUnread = setUnread;
      return <TopicRow streamId={1} topic="bug" maxId={77} unread={unread} />;
    }
    render(<Row />);
    fireEvent.click(screen.getByTestId('topic-menu-bug'));
    fireEvent.click(screen.getByTestId('topic-mark-read'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not reach the server/i);
    // The messages were marked read all the same: the count follows the server's events.
    act(() => showUnread(0));
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByTestId('topic-menu-bug'));
    fireEvent.click(screen.getByTestId('topic-follow'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not reach the server/i);
    act(() =>
      applyEvents(
        queryClient,
        decoded([
          {
            id: 1,
            type: 'user_topic',
            stream_id: 1,
            topic_name: 'bug',
            last_updated: 1,
            visibility_policy: UserTopicVisibility.followed,
          },
        ]),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('topic-followed-bug')).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the empty topic shows its display name and cannot be resolved', () => {
    const { render } = setup();
    render(<TopicRow streamId={1} topic="" maxId={5} unread={0} />);
    expect(screen.getByTestId('topic-').textContent).toContain('general chat');
    fireEvent.click(screen.getByTestId('topic-menu-'));
    expect(screen.queryByTestId('topic-resolve')).toBeNull();
  });
});

describe('Dialog', () => {
  it('closes on Escape even when focus has left it, and moves focus into it on open', () => {
    const { render } = setup();
    let closed = 0;
    render(
      <Dialog title="T" onClose={() => closed++}>
        <input data-testid="first" />
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByTestId('first'));
    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(closed).toBe(1);
  });

  it('with unsaved work: Esc in a field with text leaves the field, the next Esc closes; the backdrop does not', () => {
    const { render } = setup();
    let closed = 0;
    render(
      <Dialog title="T" onClose={() => closed++} unsaved>
        <textarea data-testid="text" defaultValue="half an edit" />
      </Dialog>,
    );
    const field = screen.getByTestId('text');
    expect(document.activeElement).toBe(field);
    fireEvent.mouseDown(document.querySelector('.dialog-backdrop')!);
    expect(closed).toBe(0);
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(closed).toBe(0);
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
    expect((field as HTMLTextAreaElement).value).toBe('half an edit');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(closed).toBe(1);
  });
});
