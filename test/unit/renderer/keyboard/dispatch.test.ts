// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { shortcutFor, type KeyPress } from '../../../../renderer/src/features/keyboard/dispatch';
import { ACTIONS } from '../../../../renderer/src/features/keyboard/actions';
import { keyLabel, SHORTCUTS } from '../../../../renderer/src/features/keyboard/shortcuts';
import { narrowKey, type Narrow } from '../../../../renderer/src/api/narrow';
import { useComposeStore } from '../../../../renderer/src/state/compose';
import { useNarrowStore } from '../../../../renderer/src/state/narrow';
import { useReadingPause } from '../../../../renderer/src/state/reading-pause';
import { setup } from '../render-helpers';
import type { Message } from '../../../../renderer/src/api/model';
import { registerActiveFeed } from '../../../../renderer/src/features/messages/active-feed';

afterEach(() => {
  document.body.innerHTML = '';
});

function press(key: string, extra: Partial<KeyPress> = {}): KeyPress {
  return {
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    defaultPrevented: false,
    target: document.body,
    ...extra,
  };
}

function element(html: string): Element {
  document.body.innerHTML = html;
  return document.body.querySelector('[data-target]') ?? document.body.firstElementChild!;
}

const calm = { overlayOpen: false, mac: false };
const actionOf = (p: KeyPress, context = calm) => shortcutFor(p, context)?.action ?? null;

describe('the shortcut table', () => {
  it('gives every key to one shortcut only, and every dispatched shortcut an action', () => {
    // Keys listed for where they act (the compose box's ↑) are that place's, not the dispatcher's.
    const keys = SHORTCUTS.filter((s) => !s.handledElsewhere).flatMap((s) =>
      s.keys.map((k) => `${k.mod ? 'mod+' : ''}${k.alt ? 'alt+' : ''}${k.key}`),
    );
    expect(new Set(keys).size).toBe(keys.length);
    for (const s of SHORTCUTS) expect(typeof ACTIONS[s.action]).toBe('function');
  });

  it('maps the keys of the help page to their actions', () => {
    expect(actionOf(press('c'))).toBe('new-topic-message');
    expect(actionOf(press('x'))).toBe('new-direct-message');
    expect(actionOf(press('r'))).toBe('reply');
    expect(actionOf(press('Enter'))).toBe('reply');
    expect(actionOf(press('R', { shiftKey: true }))).toBe('reply-to-author');
    expect(actionOf(press('n'))).toBe('next-unread-topic');
    expect(actionOf(press('p'))).toBe('next-unread-dm');
    expect(actionOf(press('j'))).toBe('select-next');
    expect(actionOf(press('ArrowDown'))).toBe('select-next');
    expect(actionOf(press('k'))).toBe('select-previous');
    expect(actionOf(press('ArrowUp'))).toBe('select-previous');
    expect(actionOf(press('Home'))).toBe('select-first');
    expect(actionOf(press('End'))).toBe('select-last');
    expect(actionOf(press('e'))).toBe('edit');
    expect(actionOf(press('ArrowLeft'))).toBe('edit-last');
    expect(actionOf(press('s'))).toBe('go-to-conversation');
    expect(actionOf(press('S', { shiftKey: true }))).toBeNull();
    expect(actionOf(press('s', { ctrlKey: true }))).toBe('star');
    expect(actionOf(press('s', { metaKey: true }), { ...calm, mac: true })).toBe('star');
    expect(actionOf(press('+', { shiftKey: true }))).toBe('thumbs-up');
    expect(actionOf(press(':', { shiftKey: true }))).toBe('emoji-picker');
    expect(actionOf(press('/'))).toBe('search');
    expect(actionOf(press('?', { shiftKey: true }))).toBe('help');
    expect(actionOf(press('k', { ctrlKey: true }))).toBe('quick-switcher');
  });

  it('labels keys for the help overlay, with the platform modifier', () => {
    expect(keyLabel({ key: 'k', mod: true }, false)).toBe('Ctrl+K');
    expect(keyLabel({ key: 'k', mod: true }, true)).toBe('⌘K');
    expect(keyLabel({ key: 'ArrowDown' }, false)).toBe('↓');
    expect(keyLabel({ key: 'R' }, false)).toBe('Shift+R');
    expect(keyLabel({ key: 'Enter', mod: true }, false)).toBe('Ctrl+Enter');
    expect(keyLabel({ key: 'l', mod: true, shift: true }, false)).toBe('Ctrl+Shift+L');
    expect(keyLabel({ key: 'l', mod: true, shift: true }, true)).toBe('⇧⌘L');
    expect(keyLabel({ key: 'PageDown' }, false)).toBe('PgDn');
  });

  it('lists the keys the compose box and the feed handle themselves', () => {
    const listed = (action: string) => SHORTCUTS.find((s) => s.action === action);
    for (const action of [
      'send-message',
      'accept-suggestion',
      'format-bold',
      'format-italic',
      'format-link',
      'edit-last-from-compose',
      'scroll-page',
    ])
      expect(listed(action)?.handledElsewhere, action).toBe(true);
    // Never dispatched: Tab, Ctrl+B and PgDn keep doing what they do where they are pressed.
    expect(actionOf(press('Tab'))).toBeNull();
    expect(actionOf(press('b', { ctrlKey: true }))).toBeNull();
    expect(actionOf(press('PageDown'))).toBeNull();
  });
});

describe('the dispatcher', () => {
  it('leaves keys with Ctrl, Cmd or Alt to the browser, except the modifier shortcuts', () => {
    expect(actionOf(press('r', { ctrlKey: true }))).toBeNull();
    expect(actionOf(press('r', { metaKey: true }))).toBeNull();
    expect(actionOf(press('r', { altKey: true }))).toBeNull();
    expect(actionOf(press('k', { ctrlKey: true, altKey: true }))).toBeNull();
  });

  it('uses Cmd as the modifier on a Mac, and not Ctrl', () => {
    const mac = { overlayOpen: false, mac: true };
    expect(actionOf(press('k', { metaKey: true }), mac)).toBe('quick-switcher');
    expect(actionOf(press('k', { ctrlKey: true }), mac)).toBeNull();
    expect(actionOf(press('k', { metaKey: true }))).toBeNull();
  });

  it('does nothing while the user types in a field, a text area, an editable element or the compose box', () => {
    for (const html of [
      '<input data-target>',
      '<textarea data-target></textarea>',
      '<select data-target><option>a</option></select>',
      '<div contenteditable="true"><p data-target>text</p></div>',
      // A button of the compose box's toolbar: a letter typed there was meant for the message.
      '<form data-typing-area><button type="button" data-target>B</button></form>',
    ]) {
      const target = element(html);
      expect(actionOf(press('r', { target })), html).toBeNull();
      expect(actionOf(press('j', { target })), html).toBeNull();
      expect(actionOf(press('?', { target })), html).toBeNull();
      // The switcher is reachable from anywhere.
      expect(actionOf(press('k', { ctrlKey: true, target })), html).toBe('quick-switcher');
    }
  });

  it('takes keys on a checkbox (nothing is typed there: "Mute channel" just clicked), Enter excepted', () => {
    const target = element('<label><input type="checkbox" data-target> Mute channel</label>');
    expect(actionOf(press('j', { target }))).toBe('select-next');
    expect(actionOf(press('I', { shiftKey: true, target }))).toBe('inbox');
    expect(actionOf(press('Enter', { target }))).toBeNull();
  });

  it('does nothing while a dialog, menu or picker is open, except the switcher and ? (they toggle)', () => {
    const open = { overlayOpen: true, mac: false };
    expect(actionOf(press('j'), open)).toBeNull();
    expect(actionOf(press('s'), open)).toBeNull();
    expect(actionOf(press('t'), open)).toBeNull();
    expect(actionOf(press('?'), open)).toBe('help');
    expect(actionOf(press('k', { ctrlKey: true }), open)).toBe('quick-switcher');
  });

  it('never dispatches Esc: dialogs, menus and the home view own it', () => {
    expect(actionOf(press('Escape'))).toBeNull();
    expect(SHORTCUTS.find((s) => s.action === 'close')?.keys).toEqual([{ key: 'Escape' }]);
  });

  it('leaves Enter to a focused button or link, and Shift+Enter alone', () => {
    expect(actionOf(press('Enter', { target: element('<button data-target>Open</button>') }))).toBeNull();
    expect(actionOf(press('Enter', { target: element('<a href="#x" data-target>x</a>') }))).toBeNull();
    expect(actionOf(press('Enter', { shiftKey: true }))).toBeNull();
    // Other shortcuts still work from a focused button (focus stays on the page's controls).
    expect(actionOf(press('j', { target: element('<button data-target>Open</button>') }))).toBe(
      'select-next',
    );
    // A focused message feed (not a control) is where Enter replies.
    expect(actionOf(press('Enter', { target: element('<div tabindex="0" data-target></div>') }))).toBe(
      'reply',
    );
  });

  it('ignores a key an element already handled, and keys composed by an input method', () => {
    expect(actionOf(press('ArrowDown', { defaultPrevented: true }))).toBeNull();
    expect(actionOf(press('j', { isComposing: true }))).toBeNull();
  });
});

describe('c, a new topic in the channel', () => {
  afterEach(() => {
    useNarrowStore.setState(useNarrowStore.getInitialState(), true);
    useReadingPause.setState(useReadingPause.getInitialState(), true);
    useComposeStore.setState(useComposeStore.getInitialState(), true);
  });

  it('opens the channel with an empty topic, and leaves unread what was just marked unread in the topic', () => {
    const { bridge, queryClient } = setup();
    const topic = { kind: 'topic' as const, streamId: 3, topic: 'plans' };
    useNarrowStore.getState().select(topic);
    useReadingPause.getState().pause(narrowKey(topic));
    useComposeStore.getState().setTopic('channel:3', 'an old topic');
    expect(ACTIONS['new-topic-message']({ bridge, queryClient })).toBe(true);
    expect(useNarrowStore.getState().narrow).toEqual({ kind: 'channel', streamId: 3 });
    expect(useReadingPause.getState().paused.has(narrowKey({ kind: 'channel', streamId: 3 }))).toBe(true);
    expect(useComposeStore.getState().topics['channel:3']).toBe('');
  });

  it('keeps the topic of a message being written in the channel’s box', () => {
    const { bridge, queryClient } = setup();
    useNarrowStore.getState().select({ kind: 'channel', streamId: 3 });
    useComposeStore.getState().setTopic('channel:3', 'lunch');
    useComposeStore.getState().setText('channel:3', 'half a message');
    ACTIONS['new-topic-message']({ bridge, queryClient });
    expect(useComposeStore.getState().topics['channel:3']).toBe('lunch');
    // Nothing was paused: reading goes on as usual.
    expect(useReadingPause.getState().paused.size).toBe(0);
  });
});

describe('r in a channel view', () => {
  afterEach(() => {
    useNarrowStore.setState(useNarrowStore.getInitialState(), true);
    useComposeStore.setState(useComposeStore.getInitialState(), true);
  });

  const plans = { id: 7, type: 'stream', stream_id: 3, subject: 'Plans', sender_id: 20 } as Message;
  const feedOn = (message: Message) =>
    registerActiveFeed({
      narrow: { kind: 'channel', streamId: 3 },
      messages: () => [message],
      selected: () => message,
      move: () => undefined,
      first: () => undefined,
      last: () => undefined,
      select: () => undefined,
      reveal: () => undefined,
    });

  it('writes in the channel’s box, naming the message’s topic, when the box is free', () => {
    const { bridge, queryClient } = setup();
    useNarrowStore.getState().select({ kind: 'channel', streamId: 3 });
    const off = feedOn(plans);
    ACTIONS.reply({ bridge, queryClient });
    off();
    expect(useNarrowStore.getState().narrow).toEqual({ kind: 'channel', streamId: 3 });
    expect(useComposeStore.getState().topics['channel:3']).toBe('Plans');
  });

  it('goes to the topic’s view when the box holds text for another topic, which stays as it was', () => {
    const { bridge, queryClient } = setup();
    useNarrowStore.getState().select({ kind: 'channel', streamId: 3 });
    useComposeStore.getState().setTopic('channel:3', 'lunch');
    useComposeStore.getState().setText('channel:3', 'about lunch');
    const off = feedOn(plans);
    ACTIONS.reply({ bridge, queryClient });
    off();
    expect(useNarrowStore.getState().narrow).toEqual({ kind: 'topic', streamId: 3, topic: 'Plans' });
    expect(useComposeStore.getState().topics['channel:3']).toBe('lunch');
    expect(useComposeStore.getState().drafts['channel:3']).toBe('about lunch');
  });
});

describe('s, the selected message’s conversation', () => {
  afterEach(() => {
    useNarrowStore.setState(useNarrowStore.getInitialState(), true);
  });

  const plans = {
    id: 7,
    type: 'stream',
    stream_id: 3,
    subject: 'Plans',
    sender_id: 20,
    display_recipient: 'general',
  } as Message;
  const feedOn = (narrow: Narrow, message: Message) =>
    registerActiveFeed({
      narrow,
      messages: () => [message],
      selected: () => message,
      move: () => undefined,
      first: () => undefined,
      last: () => undefined,
      select: () => undefined,
      reveal: () => undefined,
    });

  it('goes from a view of many conversations to the message’s topic, at the message', () => {
    const { bridge, queryClient } = setup();
    useNarrowStore.getState().select({ kind: 'all' });
    const off = feedOn({ kind: 'all' }, plans);
    expect(ACTIONS['go-to-conversation']({ bridge, queryClient })).toBe(true);
    off();
    expect(useNarrowStore.getState().narrow).toEqual({ kind: 'topic', streamId: 3, topic: 'Plans' });
    expect(useNarrowStore.getState().anchor).toBe(7);
  });

  it('goes from a topic to its channel, and stays in a direct message view', () => {
    const { bridge, queryClient } = setup();
    const topic: Narrow = { kind: 'topic', streamId: 3, topic: 'Plans' };
    useNarrowStore.getState().select(topic);
    let off = feedOn(topic, plans);
    ACTIONS['go-to-conversation']({ bridge, queryClient });
    off();
    expect(useNarrowStore.getState().narrow).toEqual({ kind: 'channel', streamId: 3 });
    const dm: Narrow = { kind: 'dm', userIds: [20] };
    useNarrowStore.getState().select(dm);
    off = feedOn(dm, { ...plans, type: 'private' } as Message);
    expect(ACTIONS['go-to-conversation']({ bridge, queryClient })).toBe(false);
    off();
    expect(useNarrowStore.getState().narrow).toEqual(dm);
  });
});

describe('Back and Forward', () => {
  it('are Alt+← and Alt+→; ← alone still edits the last message', () => {
    expect(actionOf(press('ArrowLeft', { altKey: true }))).toBe('go-back');
    expect(actionOf(press('ArrowRight', { altKey: true }))).toBe('go-forward');
    expect(actionOf(press('ArrowLeft'))).toBe('edit-last');
    expect(actionOf(press('ArrowLeft', { altKey: true, ctrlKey: true }))).toBeNull();
  });

  it('work from a text field (a conversation opened by Back has its compose box focused), except on a Mac, where Option+arrows move by word', () => {
    document.body.innerHTML = '<textarea></textarea>';
    const inField = (key: string) => press(key, { altKey: true, target: document.querySelector('textarea') });
    expect(actionOf(inField('ArrowLeft'))).toBe('go-back');
    expect(actionOf(inField('ArrowRight'))).toBe('go-forward');
    const mac = { overlayOpen: false, mac: true };
    expect(actionOf(inField('ArrowLeft'), mac)).toBeNull();
    expect(actionOf(inField('ArrowRight'), mac)).toBeNull();
    expect(actionOf(press('ArrowLeft', { altKey: true }), mac)).toBe('go-back');
    // Other keys typed there stay text.
    expect(actionOf(press('r', { target: document.querySelector('textarea') }))).toBeNull();
    document.body.innerHTML = '';
  });

  it('are listed as Alt+← (⌥← on a Mac)', () => {
    const back = SHORTCUTS.find((s) => s.action === 'go-back')!;
    expect(keyLabel(back.keys[0]!, false)).toBe('Alt+←');
    expect(keyLabel(back.keys[0]!, true)).toBe('⌥←');
  });
});
