// The one native select of the console: options by uuid and name, with an
// optional first option for "no selection" ('---', spec §9). A native select
// keeps long lists (hundreds of profiles) fast and works with the keyboard
// and screen readers as every browser's own control does.
import { NativeSelect as ChakraNativeSelect } from '@chakra-ui/react';
import { NO_SELECTION } from '@userprofile/shared/constants';

export interface SelectOption {
  /** The value ('' is reserved for the placeholder). */
  value: string;
  label: string;
}

/** Options from records with a uuid and a name. */
export const toOptions = (rows: readonly { uuid: string; name?: string | null }[]): SelectOption[] =>
  rows.map((r) => ({ value: r.uuid, label: r.name ?? r.uuid }));

export function NativeSelect({
  id,
  value,
  options,
  onChange,
  placeholder = NO_SELECTION,
  ariaLabel,
  disabled = false,
  size = 'sm',
  maxW,
}: {
  id?: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  /** The first option, value ''; null: none (a choice is always made). */
  placeholder?: string | null;
  ariaLabel?: string;
  disabled?: boolean;
  size?: 'xs' | 'sm' | 'md';
  maxW?: string;
}) {
  return (
    <ChakraNativeSelect.Root size={size} flex="1" disabled={disabled} {...(maxW ? { maxW } : {})}>
      <ChakraNativeSelect.Field
        {...(id ? { id } : {})}
        {...(ariaLabel ? { 'aria-label': ariaLabel } : {})}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      >
        {placeholder !== null ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </ChakraNativeSelect.Field>
      <ChakraNativeSelect.Indicator />
    </ChakraNativeSelect.Root>
  );
}
