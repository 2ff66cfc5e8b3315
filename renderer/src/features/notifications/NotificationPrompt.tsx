import { useState } from 'react';
import { useUserSetting } from '../../app/realm';
import {
  askNotificationPermission,
  notificationPermission,
  type NotificationPermissionState,
} from './notifier';

const DISMISSED_KEY = 'teamchat.notificationPromptDismissed';

function dismissedBefore(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Browsers show notifications only after the user allows them; this asks, once, when the user's
 * settings want desktop notifications and the browser has not been asked yet.
 */
export function NotificationPrompt() {
  const wanted = useUserSetting<boolean>('enable_desktop_notifications', true);
  const [permission, setPermission] = useState<NotificationPermissionState>(notificationPermission);
  // The browser said no when asked here: that is said, not silently dropped.
  const [refusedHere, setRefusedHere] = useState(false);
  const [dismissed, setDismissed] = useState(dismissedBefore);
  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode: the prompt comes back next time, nothing worse.
    }
    setDismissed(true);
  };
  if (!wanted || dismissed) return null;
  if (permission === 'denied' && refusedHere)
    return (
      <div className="notification-prompt" role="region" aria-label="Desktop notifications">
        <p role="status">
          Notifications are blocked for this app in the browser’s settings (or the system’s). Allow them there
          to get desktop notifications.
        </p>
        <div className="notification-prompt-actions">
          <button type="button" className="btn btn-small" onClick={dismiss}>
            OK
          </button>
        </div>
      </div>
    );
  if (permission !== 'default') return null;
  const ask = async () => {
    const answer = await askNotificationPermission();
    setRefusedHere(answer === 'denied');
    setPermission(answer);
  };
  return (
    <div className="notification-prompt" role="region" aria-label="Desktop notifications">
      <p>Get desktop notifications for direct messages and mentions?</p>
      <div className="notification-prompt-actions">
        <button type="button" className="btn btn-small btn-primary" onClick={() => void ask()}>
          Enable notifications
        </button>
        <button type="button" className="btn btn-small" onClick={dismiss}>
          Not now
        </button>
      </div>
    </div>
  );
}
