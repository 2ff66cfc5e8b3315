import { Dialog } from '../../components/Dialog';
import { useDialogStore } from '../../state/dialogs';
import { keyLabel, SHORTCUTS, type Shortcut } from './shortcuts';
import { isMac } from './useKeyboardShortcuts';

const GROUPS: Shortcut['group'][] = ['Navigation', 'Composing', 'In the compose box', 'The selected message'];

/** `?`: every shortcut, generated from the table the dispatcher uses. */
export function KeyboardHelp() {
  const close = useDialogStore((s) => s.close);
  const mac = isMac();
  return (
    <Dialog title="Keyboard shortcuts" onClose={close} testId="keyboard-help" wide>
      <div className="shortcut-groups">
        {GROUPS.map((group) => (
          <section key={group} aria-label={group}>
            <h3>{group}</h3>
            <table className="shortcut-table">
              <tbody>
                {SHORTCUTS.filter((s) => s.group === group).map((s) => (
                  <tr key={s.action} data-testid={`shortcut-${s.action}`}>
                    <td>{s.description}</td>
                    <td className="shortcut-keys">
                      {s.keys.map((spec, i) => (
                        <span key={spec.key + String(spec.mod)}>
                          {i > 0 && <span className="muted"> or </span>}
                          <kbd>{keyLabel(spec, mac)}</kbd>
                        </span>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
      </div>
      <p className="muted small">
        Shortcuts wait while you type in a field or a dialog is open (Esc and the switcher excepted).
      </p>
    </Dialog>
  );
}
