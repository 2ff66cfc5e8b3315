// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Compose } from '../../../../renderer/src/features/compose/Compose';
import { ScheduledLink } from '../../../../renderer/src/features/home/ScheduledLink';
import { baseState } from '../fixtures';
import { setup } from '../render-helpers';

afterEach(cleanup);

function renderAt(level: number) {
  const { render, bridge } = setup(baseState({ service_feature_level: level, scheduled_messages: [] }));
  bridge.handlers.setTypingStatus = () => ({});
  render(
    <>
      <ScheduledLink />
      <Compose narrow={{ kind: 'topic', streamId: 1, topic: 'x' }} />
    </>,
  );
}

describe('scheduling is offered only by servers that have it (level 179)', () => {
  it('a current server: the ▾ menu beside Send and the sidebar entry', () => {
    renderAt(400);
    expect(screen.getByTestId('compose-schedule')).toBeTruthy();
    expect(screen.getByTestId('home-scheduled')).toBeTruthy();
  });

  it('a server below 179: neither', () => {
    renderAt(178);
    expect(screen.getByTestId('compose-send')).toBeTruthy();
    expect(screen.queryByTestId('compose-schedule')).toBeNull();
    expect(screen.queryByTestId('home-scheduled')).toBeNull();
  });
});
