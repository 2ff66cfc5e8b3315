import { useMemo } from 'react';
import type { OutboxEntry } from '../../../../shared/ipc';
import type { Message } from '../../api/model';
import type { Narrow } from '../../api/narrow';
import { useSelfId } from '../../app/realm';
import { useAccountScope } from '../../state/account-scope';
import { echoesFor } from './echo';
import { useOutboxStore } from './outbox-store';

const none: OutboxEntry[] = [];

/** The echoes a feed of `narrow` shows after its loaded messages (see echoesFor). */
export function useEchoes(narrow: Narrow, loaded: readonly Message[], atNewest: boolean): OutboxEntry[] {
  const selfId = useSelfId();
  const entries = useOutboxStore((s) => s.entries);
  const confirmed = useOutboxStore((s) => s.confirmed);
  const outboxAccount = useOutboxStore((s) => s.accountId);
  const account = useAccountScope((s) => s.accountId);
  return useMemo(() => {
    if (entries.length === 0 || outboxAccount !== account) return none;
    const loadedIds = new Set(loaded.map((m) => m.id));
    return echoesFor(narrow, entries, confirmed, { loadedIds, atNewest, selfId });
  }, [narrow, entries, confirmed, outboxAccount, account, loaded, atNewest, selfId]);
}
