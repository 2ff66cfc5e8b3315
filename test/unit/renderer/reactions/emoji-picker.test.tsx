// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmojiChoice } from '../../../../renderer/src/features/reactions/emoji';
import { setup } from '../render-helpers';

// The Unicode emoji arrive when the test says so, as a slow first load of their chunk would.
let arrive: (choices: EmojiChoice[]) => void = () => undefined;
vi.mock('../../../../renderer/src/features/reactions/emoji', async (original) => ({
  ...(await original<typeof import('../../../../renderer/src/features/reactions/emoji')>()),
  loadUnicodeEmoji: () => new Promise<EmojiChoice[]>((resolve) => (arrive = resolve)),
}));
const { EmojiPicker } = await import('../../../../renderer/src/features/reactions/EmojiPicker');

const tada: EmojiChoice = {
  name: 'tada',
  aliases: [],
  code: '1f389',
  reaction_type: 'unicode_emoji',
  glyph: '🎉',
  group: 'Activities',
};

afterEach(cleanup);

describe('EmojiPicker before the Unicode emoji have loaded', () => {
  it('says it is loading, and picks the first match for an Enter typed meanwhile once they come', async () => {
    const onPick = vi.fn();
    setup().render(<EmojiPicker onPick={onPick} onClose={() => undefined} />);
    const search = screen.getByTestId('emoji-search');
    fireEvent.change(search, { target: { value: 'tada' } });
    expect(screen.getByTestId('emoji-loading').textContent).toBe('Loading emoji…');
    expect(screen.queryByTestId('emoji-none')).toBeNull();
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onPick).not.toHaveBeenCalled();
    await act(async () => arrive([tada]));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ name: 'tada' }));
  });

  it('drops that Enter when the search changed before they came', async () => {
    const onPick = vi.fn();
    setup().render(<EmojiPicker onPick={onPick} onClose={() => undefined} />);
    const search = screen.getByTestId('emoji-search');
    fireEvent.change(search, { target: { value: 'tada' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    fireEvent.change(search, { target: { value: 'tad' } });
    await act(async () => arrive([tada]));
    expect(onPick).not.toHaveBeenCalled();
  });
});
