import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi, errorText } from '../../api/call';
import { unmetError } from '../../api/unmet-error';
import { useBridge } from '../../app/bridge-context';
import { useUserSetting } from '../../app/realm';
import { useInitialState } from '../../app/session';

type Property = 'is_muted' | 'desktop_notifications' | 'audible_notifications';

interface Row {
  property: Property;
  label: string;
  value: boolean;
  hint?: string;
}

/** A notification choice: the channel's own, or (none) the person's default, said so. */
function notifyRow(
  property: Property,
  label: string,
  own: boolean | null | undefined,
  fallback: boolean,
): Row {
  return own === null || own === undefined
    ? { property, label, value: fallback, hint: 'your default' }
    : { property, label, value: own };
}

/**
 * The signed-in person's own settings for a channel they are subscribed to, as in the real
 * service's channel settings: muting it (its messages leave the unread counts and the combined
 * feed) and whether its messages notify, on the desktop and with a sound. A channel without its
 * own choice follows the person's defaults (Settings › Notifications), shown as the current value.
 */
export function ChannelPersonalSettings({ streamId }: { streamId: number }) {
  const bridge = useBridge();
  const sub = useInitialState((s) => s.subscriptions?.find((c) => c.stream_id === streamId));
  const desktopDefault = useUserSetting('enable_stream_desktop_notifications', false);
  const soundDefault = useUserSetting('enable_stream_audible_notifications', false);
  // What the person chose, shown until the server's event says the same (or the change fails).
  const [wanted, setWanted] = useState<Partial<Record<Property, boolean>>>({});
  const change = useMutation({
    mutationFn: ({ property, value }: { property: Property; value: boolean }) =>
      callApi(bridge, 'updateSubscriptionSettings', {
        subscription_data: [{ stream_id: streamId, property, value }],
      }),
    onError: (_error, { property }) => setWanted(({ [property]: _dropped, ...rest }) => rest),
  });
  if (!sub) return null;
  const muted = Boolean(sub.is_muted ?? sub.in_home_view === false);
  const rows: Row[] = [
    { property: 'is_muted', label: 'Mute channel', value: muted },
    notifyRow('desktop_notifications', 'Desktop notifications', sub.desktop_notifications, desktopDefault),
    notifyRow('audible_notifications', 'Notification sound', sub.audible_notifications, soundDefault),
  ];
  const failure = unmetError(
    change,
    ({ property, value }) => rows.find((row) => row.property === property)?.value === value,
  );
  const settled = rows.filter((row) => wanted[row.property] === row.value).map((row) => row.property);
  if (settled.length > 0)
    setWanted((w) => Object.fromEntries(Object.entries(w).filter(([p]) => !settled.includes(p as Property))));
  return (
    <fieldset className="channel-personal" data-testid="channel-personal">
      <legend>Your settings</legend>
      {rows.map((row) => (
        <label key={row.property}>
          <input
            type="checkbox"
            data-testid={`channel-personal-${row.property}`}
            checked={wanted[row.property] ?? row.value}
            onChange={(e) => {
              const value = e.target.checked;
              setWanted((w) => ({ ...w, [row.property]: value }));
              change.mutate({ property: row.property, value });
            }}
          />{' '}
          {row.label}
          {row.hint && <span className="muted small"> ({row.hint})</span>}
        </label>
      ))}
      {failure && (
        <p className="form-error" role="alert">
          Not changed: {errorText(failure)}
        </p>
      )}
    </fieldset>
  );
}
