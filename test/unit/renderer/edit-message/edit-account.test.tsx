// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EditMessageDialog } from '../../../../renderer/src/features/edit-message/EditMessageDialog';
import { enterAccountScope } from '../../../../renderer/src/state/account-scope';
import { useDialogStore } from '../../../../renderer/src/state/dialogs';
import { channelMessage, SELF } from '../fixtures';
import { setup } from '../render-helpers';

afterEach(cleanup);

describe('EditMessageDialog, Save', () => {
  it('names the dialog’s account, so a Save reaching main after it switched away is not sent to another', async () => {
    enterAccountScope('acc-a');
    const { bridge, render } = setup();
    const m = channelMessage({ id: 47, sender_id: SELF, content: 'before' });
    bridge.handlers.getMessages = () => ({ messages: [m], found_oldest: true, found_newest: true });
    bridge.handlers.updateMessage = () => ({});
    useDialogStore.setState({ dialog: { kind: 'edit-message', messageId: 47 } });
    render(<EditMessageDialog messageId={47} />);
    fireEvent.change(await screen.findByTestId('edit-content'), { target: { value: 'after' } });
    fireEvent.click(screen.getByTestId('edit-save'));
    await waitFor(() => expect(bridge.callsTo('updateMessage')).toHaveLength(1));
    const saved = bridge.calls.findIndex((call) => call.name === 'updateMessage');
    expect(bridge.accountIds[saved]).toBe('acc-a');
  });
});
