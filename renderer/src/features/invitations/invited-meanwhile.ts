import type { ChatBridge } from '../../../../shared/ipc';
import type { Invitation } from '../../../../shared/api/resources';
import { callApi } from '../../api/call';

/**
 * The asked addresses that the server now has an email invitation for and did not have among
 * `before` (the invitations listed when the send started): what a send whose answer was lost did
 * all the same. Empty when none or when the server cannot be asked.
 */
export async function invitedMeanwhile(
  bridge: ChatBridge,
  asked: readonly string[],
  before: ReadonlySet<number>,
): Promise<string[]> {
  let invites: Invitation[];
  try {
    ({ invites } = await callApi(bridge, 'getInvites', {}));
  } catch {
    return [];
  }
  const made = new Set(
    invites
      .filter((i) => !i.is_multiuse && !before.has(i.id) && i.email !== undefined)
      .map((i) => i.email!.toLowerCase()),
  );
  return asked.filter((email) => made.has(email.toLowerCase()));
}
