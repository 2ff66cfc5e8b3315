// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../../renderer/src/app/App';
import { sendLaunchCalls } from '../../../../renderer/src/app/launch-calls';
import { launchQueryClient } from '../../../../renderer/src/app/launch-client';
import { FakeBridge } from '../fake-bridge';
import { baseState } from '../fixtures';

afterEach(cleanup);

// What main pushes while the page's bundle finishes and React draws its first frame is heard: the
// window listens from the task that sent the launch's calls.
describe('pushes that come before the first render', () => {
  function signedIn(): FakeBridge {
    const bridge = new FakeBridge();
    bridge.accountList = [
      {
        id: 'acc',
        serverUrl: 'https://chat.example.com',
        email: 'self@x.example',
        realmName: 'Northwind',
        realmIcon: null,
        featureLevel: 400,
      },
    ];
    bridge.activeId = 'acc';
    return bridge;
  }

  it('a session pushed after the launch was told "none yet" opens the chat (not "Connecting…" for good)', async () => {
    const bridge = signedIn();
    // main is starting a fresh session as the window loads (events came while no window was open).
    const calls = sendLaunchCalls(bridge);
    const queryClient = launchQueryClient(bridge, calls);
    expect(await calls.session).toBeNull();
    // The push comes in a task of its own, after the answer's.
    await new Promise((resolve) => setTimeout(resolve, 0));
    bridge.startSession(baseState());
    render(<App bridge={bridge} queryClient={queryClient} />);
    expect(await screen.findByTestId('chat-shell')).toBeTruthy();
    expect(screen.queryByText('Connecting to Northwind…')).toBeNull();
  });

  it('events pushed before the first render are applied', async () => {
    const bridge = signedIn();
    bridge.current = { accountId: 'acc', generation: 1, initialState: baseState() as never };
    const calls = sendLaunchCalls(bridge);
    const queryClient = launchQueryClient(bridge, calls);
    await calls.session;
    await new Promise((resolve) => setTimeout(resolve, 0));
    bridge.pushEvents([{ id: 1, type: 'realm', op: 'update', property: 'name', value: 'Renamed Labs' }]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    render(<App bridge={bridge} queryClient={queryClient} />);
    await screen.findByTestId('chat-shell');
    const session = queryClient.getQueryData<{ initialState: { realm_name?: string } }>(['session']);
    expect(session?.initialState.realm_name).toBe('Renamed Labs');
  });

  it('events pushed before the launch’s session answer arrives are applied once it is in', async () => {
    const bridge = signedIn();
    bridge.current = { accountId: 'acc', generation: 1, initialState: baseState() as never };
    // The answer takes a while (a busy host): a burst's events are pushed to the window before it.
    const session = bridge.session.bind(bridge);
    bridge.session = () => new Promise((resolve) => setTimeout(() => resolve(session()), 30));
    const calls = sendLaunchCalls(bridge);
    const queryClient = launchQueryClient(bridge, calls);
    bridge.pushEvents([{ id: 1, type: 'realm', op: 'update', property: 'name', value: 'Renamed Labs' }]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await calls.session;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const state = queryClient.getQueryData<{ initialState: { realm_name?: string } }>(['session']);
    expect(state?.initialState.realm_name).toBe('Renamed Labs');
  });

  it('the same session pushed again, or answered late, keeps the events applied to it meanwhile', async () => {
    const bridge = signedIn();
    bridge.current = { accountId: 'acc', generation: 1, initialState: baseState() as never };
    const session = bridge.session.bind(bridge);
    bridge.session = () => new Promise((resolve) => setTimeout(() => resolve(session()), 30));
    const calls = sendLaunchCalls(bridge);
    const queryClient = launchQueryClient(bridge, calls);
    // main pushes the session, then an event on it; the launch's answer (the same session) comes after.
    bridge.startSession(baseState());
    bridge.pushEvents([{ id: 1, type: 'realm', op: 'update', property: 'name', value: 'Renamed Labs' }]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await calls.session;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const name = () =>
      queryClient.getQueryData<{ initialState: { realm_name?: string } }>(['session'])?.initialState
        .realm_name;
    expect(name()).toBe('Renamed Labs');
    // And pushed once more (main's status change re-offering it): still kept.
    bridge.startSession(baseState());
    expect(name()).toBe('Renamed Labs');
  });
});
