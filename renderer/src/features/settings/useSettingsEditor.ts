import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { callApi, errorText } from '../../api/call';
import { updateInitialState } from '../../api/keys';
import { useBridge } from '../../app/bridge-context';
import { useInitialState } from '../../app/session';

export type SettingValue = boolean | number | string;

/** The two preference records of POST /register and the endpoint that changes each (spec 4.3, 4.6). */
export const SETTINGS_TARGETS = {
  personal: { endpoint: 'updateSettings', record: 'user_settings' },
  orgDefaults: { endpoint: 'updateRealmUserSettingsDefaults', record: 'realm_user_settings_defaults' },
} as const;
export type SettingsTarget = keyof typeof SETTINGS_TARGETS;

export interface SettingsEditor {
  /** The values the server holds, kept current by events. */
  values: Record<string, unknown> | undefined;
  /** Values sent and not yet answered: shown so the control does not jump back meanwhile. */
  pending: Record<string, SettingValue>;
  errors: Record<string, string>;
  /** Settings whose last change the server just accepted: each says "Saved" for a moment. */
  saved: ReadonlySet<string>;
  change(name: string, value: SettingValue): Promise<boolean>;
}

/** How long a "Saved" confirmation stays beside a setting. */
export const SAVED_NOTICE_MS = 2500;

/**
 * Applies each change at once. The server's answer is written to the register state (the event
 * that follows says the same, and keeps other windows in step); a refusal is shown beside the
 * control and the control returns to the server's value.
 */
export function useSettingsEditor(target: SettingsTarget): SettingsEditor {
  const { endpoint, record } = SETTINGS_TARGETS[target];
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const values = useInitialState((s) => s[record]);
  const [pending, setPending] = useState<Record<string, SettingValue>>({});
  const [failures, setFailures] = useState<Record<string, { asked: SettingValue; message: string }>>({});
  // A change whose answer was lost may have been saved all the same: once the server's value (an
  // event) is the one asked for, its error would contradict the control.
  const errors = useMemo(() => {
    const unmet: Record<string, string> = {};
    for (const [name, { asked, message }] of Object.entries(failures))
      if (values?.[name] !== asked) unmet[name] = message;
    return unmet;
  }, [failures, values]);
  const [saved, setSaved] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pendingTimers = timers.current;
    return () => pendingTimers.forEach((timer) => clearTimeout(timer));
  }, []);
  const markSaved = useCallback((name: string, on: boolean) => {
    setSaved((current) => {
      if (current.has(name) === on) return current;
      const next = new Set(current);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
    clearTimeout(timers.current.get(name));
    if (on)
      timers.current.set(
        name,
        setTimeout(() => markSaved(name, false), SAVED_NOTICE_MS),
      );
  }, []);

  const change = useCallback(
    async (name: string, value: SettingValue) => {
      setPending((p) => ({ ...p, [name]: value }));
      setFailures((f) => without(f, name));
      markSaved(name, false);
      let ok = false;
      try {
        const response = await callApi(bridge, endpoint, { [name]: value });
        if (response.ignored_parameters_unsupported?.includes(name)) {
          const message = 'This server does not support this setting.';
          setFailures((f) => ({ ...f, [name]: { asked: value, message } }));
        } else {
          ok = true;
          markSaved(name, true);
          updateInitialState(queryClient, (s) => ({
            ...s,
            [record]: { ...s[record], [name]: value },
          }));
        }
      } catch (error) {
        setFailures((f) => ({ ...f, [name]: { asked: value, message: errorText(error) } }));
      } finally {
        setPending((p) => without(p, name));
      }
      return ok;
    },
    [bridge, endpoint, queryClient, record, markSaved],
  );

  return { values, pending, errors, saved, change };
}

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const next = { ...record };
  delete next[key];
  return next;
}
