import { useEffect } from 'react';
import type { ChatBridge } from '../../../../shared/ipc';
import { useBridge } from '../../app/bridge-context';
import { useOutboxStore } from './outbox-store';

/** The real service's name for it on a message event is `local_message_id`; `local_id` is read too. */
export function localIdOfEvent(event: Record<string, unknown>): string | null {
  const value = event.local_message_id ?? event.local_id;
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Keeps the outbox store in step with main: its pushes, and the local ids message events confirm. */
export function connectOutbox(bridge: ChatBridge): () => void {
  const store = useOutboxStore.getState();
  const offOutbox = bridge.onOutbox((snapshot) => store.setSnapshot(snapshot));
  const offEvents = bridge.onEvents((batch) => {
    for (const event of batch.events) {
      if (event.type !== 'message') continue;
      const raw = event as unknown as Record<string, unknown>;
      const localId = localIdOfEvent(raw);
      const messageId = (raw.message as { id?: unknown } | undefined)?.id;
      if (localId && typeof messageId === 'number') store.confirm(localId, messageId);
    }
  });
  void bridge.outbox.list().then(store.setSnapshot, () => undefined);
  return () => {
    offOutbox();
    offEvents();
  };
}

export function useOutboxSync(): void {
  const bridge = useBridge();
  useEffect(() => connectOutbox(bridge), [bridge]);
}
