import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type RefObject, type UIEvent } from 'react';
import type { Message } from '../../api/model';
import type { FeedAnchor } from '../../api/narrow';
import { openingScroll, whenScrollSettles } from './opening';

type FeedVirtualizer = Virtualizer<HTMLDivElement, Element>;

/**
 * Opens the feed at its anchor once the first page is in. `settled` turns true when that scroll
 * has come to rest: only then may pages be fetched and messages count as seen.
 */
export function useOpeningScroll(
  virtualizer: FeedVirtualizer,
  messages: readonly Message[],
  loaded: boolean,
  anchor: FeedAnchor,
  serverAnchor: number | null,
) {
  const opened = useRef(false);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (opened.current || !loaded || messages.length === 0) return;
    opened.current = true;
    const target = openingScroll(messages, anchor, serverAnchor);
    if (target) virtualizer.scrollToIndex(target.index, { align: target.align });
    // Not cancelled when the effect re-runs (messages change as they are marked read); a late
    // update after unmounting is harmless.
    void whenScrollSettles(() => virtualizer.scrollOffset).then(() => setSettled(true));
  }, [loaded, messages, anchor, serverAnchor, virtualizer]);
  return { opened, settled };
}

/**
 * Keeps a reader who is at the bottom there as new messages (and local echoes of their own) arrive;
 * a reader scrolled up stays where they are.
 */
export function useFollowBottom(
  virtualizer: FeedVirtualizer,
  parentRef: RefObject<HTMLDivElement | null>,
  opened: RefObject<boolean>,
  messages: readonly Message[],
  hasNewer: boolean,
  echoKey: string,
) {
  const atBottom = useRef(true);
  const lastId = messages[messages.length - 1]?.id;
  useEffect(() => {
    if (opened.current && atBottom.current && messages.length > 0 && !hasNewer)
      virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
  }, [lastId, messages.length, hasNewer, virtualizer, opened]);
  useEffect(() => {
    const el = parentRef.current;
    if (echoKey && el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [echoKey, parentRef]);
  // State only for the "Jump to bottom" button: it changes when the reader crosses the line, not on
  // every scroll event.
  const [awayFromBottom, setAwayFromBottom] = useState(false);
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    if (awayFromBottom === atBottom.current) setAwayFromBottom(!atBottom.current);
  };
  const jumpToBottom = () => {
    atBottom.current = true;
    setAwayFromBottom(false);
    if (messages.length > 0) virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
  };
  return { onScroll, awayFromBottom, jumpToBottom };
}
