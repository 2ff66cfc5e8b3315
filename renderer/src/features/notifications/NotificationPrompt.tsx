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
  const [dismissed, setDismissed] = useState(dismissedBefore);
  if (!wanted || permission !== 'default' || dismissed) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode: the prompt comes back next time, nothing worse.
    }
    setDismissed(true);
  };
  return (
    <div className="notification-prompt" role="region" aria-label="Desktop notifications">
      <p>Get desktop notifications for direct messages and mentions?</p>
      <div className="notification-prompt-actions">
        <button
          type="button"
          className="btn btn-small btn-primary"
          onClick={() => void askNotificationPermission().then(setPermission)}
        >
          Enable notifications
        </button>
        <button type="button" className="btn btn-small" onClick={dismiss}>
          Not now
        </button>
      </div>
    </div>
  );
}
