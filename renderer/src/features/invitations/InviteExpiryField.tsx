import { useState } from 'react';
import { customExpiry, EXPIRY_PRESETS, type Expiry } from './invite-form';

/** When the invitation stops working: a preset, or a number of days. */
export function InviteExpiryField({
  onChange,
  problem,
}: {
  onChange: (expiry: Expiry) => void;
  /** Why the custom days cannot be sent, shown under the field. */
  problem: string | null;
}) {
  const [presetKey, setPresetKey] = useState('default');
  const [customDays, setCustomDays] = useState('7');

  const choosePreset = (key: string) => {
    setPresetKey(key);
    if (key === 'custom') {
      onChange(customExpiry(customDays));
      return;
    }
    const preset = EXPIRY_PRESETS.find((p) => p.key === key);
    if (preset) onChange(preset.expiry as Expiry);
  };

  return (
    <label className="field">
      <span>Invitation expires</span>
      <select data-testid="invite-expiry" value={presetKey} onChange={(e) => choosePreset(e.target.value)}>
        {EXPIRY_PRESETS.map((p) => (
          <option key={p.key} value={p.key}>
            {p.label}
          </option>
        ))}
        <option value="custom">Custom…</option>
      </select>
      {presetKey === 'custom' && (
        <span className="inline">
          <input
            type="number"
            min={0}
            step="any"
            className="days"
            aria-label="Days until the invitation expires"
            data-testid="invite-expiry-days"
            value={customDays}
            aria-invalid={problem !== null || undefined}
            onChange={(e) => {
              setCustomDays(e.target.value);
              onChange(customExpiry(e.target.value));
            }}
          />
          <span className="small">days</span>
        </span>
      )}
      {problem && (
        <span className="form-error" data-testid="invite-expiry-problem">
          {problem}
        </span>
      )}
    </label>
  );
}
