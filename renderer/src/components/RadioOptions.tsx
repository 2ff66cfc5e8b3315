/** One labelled radio button per option; the caller supplies the surrounding fieldset and legend. */
export function RadioOptions<Value extends string>({
  name,
  options,
  value,
  onChange,
  testIdPrefix,
  disabled,
}: {
  name: string;
  options: readonly (readonly [Value, string])[];
  value: Value;
  onChange: (value: Value) => void;
  testIdPrefix: string;
  /** Options that cannot be chosen (shown greyed, with the reason the caller gives beside them). */
  disabled?: ReadonlySet<Value>;
}) {
  return (
    <>
      {options.map(([option, label]) => (
        <label key={option} className="check">
          <input
            type="radio"
            name={name}
            data-testid={`${testIdPrefix}${option}`}
            checked={value === option}
            disabled={disabled?.has(option) && value !== option}
            onChange={() => onChange(option)}
          />
          {label}
        </label>
      ))}
    </>
  );
}
