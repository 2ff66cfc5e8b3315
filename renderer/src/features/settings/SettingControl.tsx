import { useId, useState } from 'react';
import { choicesFor, type SettingEntry } from '../../../../shared/api/settings-table';
import {
  choiceValue,
  controlKind,
  parseInteger,
  pickerOptions,
  settingHint,
  type ServerLists,
} from './setting-controls';
import type { SettingValue } from './useSettingsEditor';

/**
 * One preference, with the control its type calls for: a checkbox for booleans, a select for a
 * fixed set of values, a picker for strings from a set the app can list, a number field for
 * integers and a text field for other strings.
 * Number and text fields send on Enter or when focus leaves (Esc leaves them, see SettingsShell);
 * the others at once.
 */
export function SettingControl({
  entry,
  value,
  pending,
  saved = false,
  error,
  lists = {},
  onChange,
  testPrefix = 'setting',
  forNewUsers = false,
}: {
  entry: SettingEntry;
  value: unknown;
  pending: boolean;
  /** The server just accepted a change: say so briefly. */
  saved?: boolean;
  error?: string;
  /** The server's lists for the pickers (`language_list`, the notification sounds), when it sends them. */
  lists?: ServerLists;
  /** Sends the value; a text or number field keeps what was typed until this says it was taken. */
  onChange: (value: SettingValue) => Promise<boolean> | void;
  testPrefix?: string;
  /** A default for new users (the organization's), not the person's own setting. */
  forNewUsers?: boolean;
}) {
  const id = useId();
  const kind = controlKind(entry);
  const testId = `${testPrefix}-${entry.name}`;
  const hint = settingHint(entry, forNewUsers);
  const describedBy = error ? `${id}-error` : undefined;

  let control;
  if (kind === 'toggle') {
    control = (
      <input
        id={id}
        type="checkbox"
        data-testid={testId}
        checked={value === true}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.checked)}
      />
    );
  } else if (kind === 'choice') {
    const choices = choicesFor(entry, value) ?? [];
    const known = choices.some((c) => c.value === value);
    control = (
      <select
        id={id}
        data-testid={testId}
        value={value === undefined || value === null ? '' : String(value)}
        aria-describedby={describedBy}
        onChange={(e) => onChange(choiceValue(entry, e.target.value))}
      >
        {!known && <option value={value === undefined || value === null ? '' : String(value)}>—</option>}
        {choices.map((c) => (
          <option key={String(c.value)} value={String(c.value)}>
            {c.label}
          </option>
        ))}
      </select>
    );
  } else if (kind === 'picker') {
    const current = value === undefined || value === null ? '' : String(value);
    control = (
      <select
        id={id}
        data-testid={testId}
        value={current}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      >
        {pickerOptions(entry, current, lists).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else {
    control = (
      <FreeField
        id={id}
        testId={testId}
        entry={entry}
        value={value}
        describedBy={describedBy}
        onChange={onChange}
      />
    );
  }

  return (
    <div className={`setting-row${kind === 'toggle' ? ' setting-toggle' : ''}`} data-setting={entry.name}>
      {kind === 'toggle' && control}
      <label htmlFor={id} className="setting-label">
        <span>{entry.label}</span>
        {hint && <span className="muted small setting-hint">{hint}</span>}
      </label>
      {kind !== 'toggle' && control}
      {pending ? (
        <span className="muted small setting-status" role="status">
          Saving…
        </span>
      ) : (
        saved && (
          <span className="small setting-status setting-saved" role="status" data-testid={`${testId}-saved`}>
            ✓ Saved
          </span>
        )
      )}
      {error && (
        <span
          id={`${id}-error`}
          className="form-error setting-error"
          role="alert"
          data-testid={`${testId}-error`}
        >
          {error}
        </span>
      )}
    </div>
  );
}

function FreeField({
  id,
  testId,
  entry,
  value,
  describedBy,
  onChange,
}: {
  id: string;
  testId: string;
  entry: SettingEntry;
  value: unknown;
  describedBy: string | undefined;
  onChange: (value: SettingValue) => Promise<boolean> | void;
}) {
  const current = value === undefined || value === null ? '' : String(value);
  // What is being typed; null when the field shows the server's value.
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const commit = () => {
    if (draft === null || draft === current) {
      setDraft(null);
      return;
    }
    let value: SettingValue = draft;
    if (entry.type === 'integer') {
      const n = parseInteger(draft);
      const range = entry.range;
      if (n === null || (range && (n < range.min || n > range.max))) {
        setInvalid(true);
        return;
      }
      value = n;
    }
    setInvalid(false);
    // What was typed stays in the field until the server takes it: refused, it is still there to
    // fix, beside the server's reason (it went back to the old value, and the typing was lost).
    const sent = draft;
    void Promise.resolve(onChange(value)).then((taken) => {
      if (taken !== false) setDraft((d) => (d === sent ? null : d));
    });
  };
  return (
    <>
      <input
        id={id}
        data-testid={testId}
        type={entry.type === 'integer' ? 'number' : 'text'}
        inputMode={entry.type === 'integer' ? 'numeric' : undefined}
        min={entry.range?.min}
        max={entry.range?.max}
        className={entry.type === 'integer' ? 'setting-number' : 'setting-text'}
        value={draft ?? current}
        aria-invalid={invalid || undefined}
        aria-describedby={
          [describedBy, invalid ? `${id}-invalid` : undefined].filter(Boolean).join(' ') || undefined
        }
        onChange={(e) => {
          setDraft(e.target.value);
          setInvalid(false);
        }}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
      {invalid && (
        <span className="form-error" id={`${id}-invalid`} data-testid={`${testId}-invalid`}>
          {entry.range
            ? `Enter a whole number from ${entry.range.min} to ${entry.range.max}.`
            : 'Enter a whole number.'}
        </span>
      )}
    </>
  );
}
