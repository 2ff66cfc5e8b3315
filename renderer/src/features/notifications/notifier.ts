/**
 * Shows notifications through the page's Notification API: the browser's own in the web host,
 * the operating system's notification center in Electron (which routes the same API there).
 */
export interface ShownNotification {
  title: string;
  body: string;
  /** One notification per message: the same tag replaces instead of stacking. */
  tag: string;
  onClick(): void;
}

export type NotificationPermissionState = 'granted' | 'denied' | 'default' | 'unsupported';

export function notificationPermission(): NotificationPermissionState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

export async function askNotificationPermission(): Promise<NotificationPermissionState> {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}

export function showNotification(shown: ShownNotification): void {
  if (notificationPermission() !== 'granted') return;
  const notification = new Notification(shown.title, { body: shown.body, tag: shown.tag, silent: true });
  notification.onclick = () => {
    notification.close();
    shown.onClick();
  };
}

let audio: AudioContext | null = null;

/** A short two-note chime, made on the spot: no sound file to ship or fetch. */
export function playChime(): void {
  try {
    audio ??= new AudioContext();
    const start = audio.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.09, 1320],
    ] as const) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.12, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.18);
      tone.connect(gain).connect(audio.destination);
      tone.start(start + offset);
      tone.stop(start + offset + 0.2);
    }
  } catch {
    // No audio device, or the page may not play sound yet: the notification itself still shows.
  }
}
