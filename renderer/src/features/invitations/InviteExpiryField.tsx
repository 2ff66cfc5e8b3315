import { useState } from 'react';
import { EXPIRY_PRESETS, type Expiry } from './invite-form';

/** When the invitation stops working: a preset, or a number of days. */
export function InviteExpiryField({ onChange }: { onChange: (expiry: Expiry) => void }) {
  const [presetKey, setPresetKey] = useState('default');
  const [customDays, setCustomDays] = useState('7');

  const choosePreset = (key: string) => {
    setPresetKey(key);
    if (key === 'custom') {
      onChange({ kind: 'minutes', minutes: Math.max(1, Math.round(Number(customDays) * 24 * 60)) });
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
            min={1}
            className="days"
            aria-label="Days until the invitation expires"
            data-testid="invite-expiry-days"
            value={customDays}
            onChange={(e) => {
              setCustomDays(e.target.value);
              const days = Number(e.target.value);
              if (days > 0) onChange({ kind: 'minutes', minutes: Math.round(days * 24 * 60) });
            }}
          />
          <span className="small">days</span>
        </span>
      )}
    </label>
  );
}
