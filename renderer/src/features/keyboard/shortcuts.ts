/**
 * Every keyboard shortcut of the app, in one table: the dispatcher matches keys against it and
 * the help overlay (`?`) is generated from it. Modelled on the real service's help page
 * ("Keyboard shortcuts"): `s` goes to the selected message's conversation and Ctrl+S (Cmd+S on a
 * Mac) stars it. Keys that the place they act in handles (the compose box, the feed's scrolling)
 * are listed here too, for the overlay.
 */

export type ShortcutAction =
  | 'new-topic-message'
  | 'new-direct-message'
  | 'reply'
  | 'reply-to-author'
  | 'quote-reply'
  | 'mark-unread-from'
  | 'next-unread-topic'
  | 'next-unread-dm'
  | 'select-next'
  | 'select-previous'
  | 'select-first'
  | 'select-last'
  | 'edit'
  | 'edit-last'
  | 'edit-last-from-compose'
  | 'star'
  | 'go-to-conversation'
  | 'scroll-page'
  | 'send-message'
  | 'accept-suggestion'
  | 'format-bold'
  | 'format-italic'
  | 'format-link'
  | 'thumbs-up'
  | 'emoji-picker'
  | 'message-menu'
  | 'sender-card'
  | 'search'
  | 'filter-channels'
  | 'search-people'
  | 'close'
  | 'help'
  | 'quick-switcher'
  | 'inbox'
  | 'recent'
  | 'all-messages'
  | 'starred'
  | 'drafts'
  | 'reply-mentioning'
  | 'mute-topic'
  | 'toggle-first-reaction'
  | 'edit-history'
  | 'go-back'
  | 'go-forward';

/** A key: `key` as KeyboardEvent.key names it; `mod` is Ctrl, or Cmd on a Mac. */
export interface KeySpec {
  key: string;
  mod?: boolean;
  /** Alt (Option on a Mac), with no other modifier. */
  alt?: boolean;
  /** With `mod`: Shift too (a listed key: the dispatcher does not tell it apart). */
  shift?: boolean;
}

export interface Shortcut {
  action: ShortcutAction;
  keys: KeySpec[];
  description: string;
  group: 'Navigation' | 'Composing' | 'In the compose box' | 'The selected message';
  /**
   * Also while typing in a field (otherwise the key is text). `not-on-mac`: only where the key means
   * nothing in a field (Alt+arrows move by word on a Mac, and do nothing in a Windows or Linux field,
   * where the browser takes them for back and forward).
   */
  whileTyping?: boolean | 'not-on-mac';
  /** Also while a dialog, menu or picker is open. */
  overOverlays?: boolean;
  /**
   * Handled by the component that owns it (dialogs, menus, the home view): listed here for the help
   * overlay only, never dispatched.
   */
  handledElsewhere?: boolean;
}

export const SHORTCUTS: readonly Shortcut[] = [
  {
    action: 'next-unread-topic',
    keys: [{ key: 'n' }],
    description: 'Next unread topic',
    group: 'Navigation',
  },
  {
    action: 'next-unread-dm',
    keys: [{ key: 'p' }],
    description: 'Next unread direct message',
    group: 'Navigation',
  },
  {
    action: 'select-next',
    keys: [{ key: 'j' }, { key: 'ArrowDown' }],
    description: 'Select the next message',
    group: 'Navigation',
  },
  {
    action: 'select-previous',
    keys: [{ key: 'k' }, { key: 'ArrowUp' }],
    description: 'Select the previous message',
    group: 'Navigation',
  },
  {
    action: 'select-first',
    keys: [{ key: 'Home' }],
    description: 'First loaded message',
    group: 'Navigation',
  },
  {
    action: 'select-last',
    keys: [{ key: 'End' }, { key: 'G' }],
    description: 'Newest message',
    group: 'Navigation',
  },
  { action: 'search', keys: [{ key: '/' }], description: 'Search messages', group: 'Navigation' },
  { action: 'filter-channels', keys: [{ key: 'q' }], description: 'Filter channels', group: 'Navigation' },
  { action: 'search-people', keys: [{ key: 'w' }], description: 'Search people', group: 'Navigation' },
  { action: 'inbox', keys: [{ key: 'I' }], description: 'Inbox', group: 'Navigation' },
  { action: 'recent', keys: [{ key: 't' }], description: 'Recent conversations', group: 'Navigation' },
  { action: 'all-messages', keys: [{ key: 'a' }], description: 'All messages', group: 'Navigation' },
  { action: 'starred', keys: [{ key: '*' }], description: 'Starred messages', group: 'Navigation' },
  { action: 'drafts', keys: [{ key: 'd' }], description: 'Drafts', group: 'Navigation' },
  {
    action: 'go-back',
    keys: [{ key: 'ArrowLeft', alt: true }],
    description: 'Back to where you were before',
    group: 'Navigation',
    whileTyping: 'not-on-mac',
  },
  {
    action: 'go-forward',
    keys: [{ key: 'ArrowRight', alt: true }],
    description: 'Forward again',
    group: 'Navigation',
    whileTyping: 'not-on-mac',
  },
  {
    action: 'go-to-conversation',
    keys: [{ key: 's' }],
    description: 'Go to the selected message’s conversation (from a topic, its channel)',
    group: 'Navigation',
  },
  {
    action: 'scroll-page',
    keys: [{ key: 'PageUp' }, { key: 'PageDown' }],
    description: 'Scroll up or down a page',
    group: 'Navigation',
    handledElsewhere: true,
  },
  {
    action: 'quick-switcher',
    keys: [{ key: 'k', mod: true }],
    description: 'Jump to a channel, topic or person',
    group: 'Navigation',
    whileTyping: true,
    overOverlays: true,
  },
  {
    action: 'close',
    keys: [{ key: 'Escape' }],
    description: 'Close what is open, then go to the home view',
    group: 'Navigation',
    handledElsewhere: true,
  },
  {
    action: 'help',
    keys: [{ key: '?' }],
    description: 'Show or hide keyboard shortcuts',
    group: 'Navigation',
    overOverlays: true,
  },
  {
    action: 'new-topic-message',
    keys: [{ key: 'c' }],
    description: 'New topic in this channel',
    group: 'Composing',
  },
  {
    action: 'new-direct-message',
    keys: [{ key: 'x' }],
    description: 'New direct message',
    group: 'Composing',
  },
  {
    action: 'reply',
    keys: [{ key: 'r' }, { key: 'Enter' }],
    description: 'Reply to the selected message',
    group: 'Composing',
  },
  {
    action: 'reply-to-author',
    keys: [{ key: 'R' }],
    description: 'Reply to its author in a direct message',
    group: 'Composing',
  },
  {
    action: 'reply-mentioning',
    keys: [{ key: '@' }],
    description: 'Reply mentioning its sender',
    group: 'Composing',
  },
  {
    action: 'quote-reply',
    keys: [{ key: '>' }],
    description: 'Quote and reply',
    group: 'Composing',
  },
  {
    action: 'edit-last',
    keys: [{ key: 'ArrowLeft' }],
    description: 'Edit your last message in this view',
    group: 'Composing',
  },
  {
    action: 'send-message',
    keys: [{ key: 'Enter', mod: true }],
    description: 'Send (with "Enter sends the message" on in your settings: Enter sends, this adds a line)',
    group: 'In the compose box',
    handledElsewhere: true,
  },
  {
    action: 'accept-suggestion',
    keys: [{ key: 'Tab' }, { key: 'Enter' }],
    description: 'Take the highlighted suggestion (↑ and ↓ choose)',
    group: 'In the compose box',
    handledElsewhere: true,
  },
  {
    action: 'format-bold',
    keys: [{ key: 'b', mod: true }],
    description: 'Bold',
    group: 'In the compose box',
    handledElsewhere: true,
  },
  {
    action: 'format-italic',
    keys: [{ key: 'i', mod: true }],
    description: 'Italic',
    group: 'In the compose box',
    handledElsewhere: true,
  },
  {
    action: 'format-link',
    keys: [{ key: 'l', mod: true, shift: true }],
    description: 'Link',
    group: 'In the compose box',
    handledElsewhere: true,
  },
  {
    action: 'edit-last-from-compose',
    keys: [{ key: 'ArrowUp' }],
    description: 'Edit your last message, when the box is empty',
    group: 'In the compose box',
    handledElsewhere: true,
  },
  {
    action: 'edit',
    keys: [{ key: 'e' }],
    description: 'Edit your message (move or view the source of another’s)',
    group: 'The selected message',
  },
  {
    action: 'message-menu',
    keys: [{ key: 'i' }],
    description: 'Open its actions menu',
    group: 'The selected message',
  },
  {
    action: 'sender-card',
    keys: [{ key: 'u' }],
    description: 'Show its sender’s card',
    group: 'The selected message',
  },
  {
    action: 'star',
    keys: [{ key: 's', mod: true }],
    description: 'Star or unstar',
    group: 'The selected message',
  },
  {
    action: 'thumbs-up',
    keys: [{ key: '+' }],
    description: 'Add or remove 👍',
    group: 'The selected message',
  },
  {
    action: 'emoji-picker',
    keys: [{ key: ':' }],
    description: 'React with an emoji',
    group: 'The selected message',
  },
  {
    action: 'toggle-first-reaction',
    keys: [{ key: '=' }],
    description: 'Add or remove its first reaction',
    group: 'The selected message',
  },
  {
    action: 'edit-history',
    keys: [{ key: 'H' }],
    description: 'View its edit history',
    group: 'The selected message',
  },
  {
    action: 'mute-topic',
    keys: [{ key: 'M' }],
    description: 'Mute or unmute its topic',
    group: 'The selected message',
  },
  {
    action: 'mark-unread-from',
    keys: [{ key: 'U' }],
    description: 'Mark as unread from here',
    group: 'The selected message',
  },
];

/** How a key is written in the help overlay. */
export function keyLabel(spec: KeySpec, mac: boolean): string {
  const names: Record<string, string> = {
    ArrowDown: '↓',
    ArrowUp: '↑',
    ArrowLeft: '←',
    ArrowRight: '→',
    Escape: 'Esc',
    PageUp: 'PgUp',
    PageDown: 'PgDn',
    R: 'Shift+R',
    U: 'Shift+U',
    I: 'Shift+I',
    G: 'Shift+G',
    H: 'Shift+H',
    M: 'Shift+M',
  };
  const named = names[spec.key] ?? spec.key;
  if (spec.alt) return mac ? `⌥${named}` : `Alt+${named}`;
  if (!spec.mod) return named;
  // A letter is written in capitals with a modifier (Ctrl+K), a named key as it is (Ctrl+Enter).
  const key = named.length === 1 ? named.toUpperCase() : named;
  if (mac) return `${spec.shift ? '⇧' : ''}⌘${key}`;
  return `Ctrl+${spec.shift ? 'Shift+' : ''}${key}`;
}
