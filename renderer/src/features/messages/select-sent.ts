import { useEffect } from 'react';
import type { Message } from '../../api/model';
import { onAppliedEvents } from '../../events/taps';
import { useMessageSelection } from '../../state/message-selection';

/** Messages this window sent lately (their events carried its `local_id` back): at most this many. */
const KEPT = 50;
const sentHere: number[] = [];

function noteSentHere(events: readonly unknown[]): void {
  for (const raw of events) {
    const event = raw as { type?: unknown; local_message_id?: unknown; message?: { id?: unknown } };
    if (event.type !== 'message' || typeof event.local_message_id !== 'string') continue;
    if (typeof event.message?.id !== 'number') continue;
    sentHere.push(event.message.id);
    if (sentHere.length > KEPT) sentHere.shift();
  }
}

/** Notes what this window sends, for as long as it is open (mounted by the chat shell). */
export function useNoteSentHere(): void {
  useEffect(() => onAppliedEvents(noteSentHere), []);
}

/**
 * A message sent from this window that arrives at the bottom of a feed following the newest
 * becomes the selected one, as in the real service: e, +, : and the rest act on it at once. A
 * reader scrolled up keeps their place and their selection.
 */
export function useSelectSentMessage(key: string, messages: readonly Message[], following: boolean): void {
  const newest = messages[messages.length - 1];
  useEffect(() => {
    if (!following || !newest || !sentHere.includes(newest.id)) return;
    const selected = useMessageSelection.getState().byNarrow[key];
    if (selected === undefined || selected < newest.id) useMessageSelection.getState().select(key, newest.id);
  }, [key, newest, following]);
}
