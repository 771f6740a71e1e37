// Form fields of the editors: a label, the control, and the spec §5 message
// of the field when it fails (the editor hook, lib/use-editor.ts, decides
// when a message shows). A required field's label ends with an asterisk.
import { Link as ChakraLink, Field, Flex, HStack, Input, RadioGroup, Text, Textarea } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';
import { LuExternalLink } from 'react-icons/lu';
import { href } from '../../lib/paths.ts';
import { NativeSelect, type SelectOption } from './native-select.tsx';

interface FieldFrame {
  label: string;
  error?: string | undefined;
  required?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
  helper?: ReactNode;
}

function Frame({
  label,
  error,
  required = false,
  readOnly = false,
  disabled = false,
  helper,
  htmlFor,
  children,
}: FieldFrame & { htmlFor?: string; children: ReactNode }) {
  return (
    <Field.Root invalid={!!error} required={required} readOnly={readOnly} disabled={disabled}>
      <Field.Label {...(htmlFor ? { htmlFor } : {})}>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

export function TextField({
  value,
  onChange,
  type = 'text',
  autoComplete,
  monospace = false,
  end,
  ...frame
}: FieldFrame & {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'password' | 'url';
  autoComplete?: string;
  /** For identifiers and secrets: every character told apart. */
  monospace?: boolean;
  /** Buttons after the input (copy, generate). */
  end?: ReactNode;
}) {
  const input = (
    <Input
      size="sm"
      type={type}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      {...(autoComplete ? { autoComplete } : {})}
      {...(monospace ? { fontFamily: 'mono', spellCheck: false } : {})}
      {...(frame.readOnly ? { bg: 'bg.muted', color: 'fg.muted' } : {})}
    />
  );
  return (
    <Frame {...frame}>
      {end ? (
        <HStack gap="2" w="full">
          {input}
          {end}
        </HStack>
      ) : (
        input
      )}
    </Frame>
  );
}

/** A textarea with its limit (spec §9: a description holds 1023 characters); the count shows as the user types. */
export function TextAreaField({
  value,
  onChange,
  limit,
  rows = 3,
  ...frame
}: FieldFrame & { value: string; onChange: (value: string) => void; limit: number; rows?: number }) {
  const over = value.length > limit;
  return (
    <Frame {...frame}>
      <Textarea
        size="sm"
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        {...(frame.readOnly ? { bg: 'bg.muted', color: 'fg.muted' } : {})}
      />
      <Text fontSize="xs" alignSelf="flex-end" color={over ? 'fg.error' : 'fg.muted'} aria-live="polite">
        {value.length} / {limit}
      </Text>
    </Frame>
  );
}

/**
 * A select (the one native select) with an optional "Open" link to the
 * chosen record's own screen (spec §2: the Profile and Visibility selects of
 * the user editor, the app profile selects of the business profile editor).
 */
export function SelectField({
  value,
  options,
  onChange,
  placeholder,
  openLink,
  ...frame
}: FieldFrame & {
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  /** The first option ('---' by default); null: none. */
  placeholder?: string | null;
  /** Where "Open" goes; null or absent: no link. */
  openLink?: string | null;
}) {
  const id = useId();
  return (
    <Frame {...frame} htmlFor={id}>
      <Flex gap="3" align="center" w="full">
        <NativeSelect
          id={id}
          value={value}
          options={options}
          onChange={onChange}
          disabled={frame.disabled || frame.readOnly}
          {...(placeholder !== undefined ? { placeholder } : {})}
        />
        {openLink ? (
          // A new tab, as its icon says: the form stays as it is, unsaved edits and all.
          <ChakraLink
            href={href(openLink)}
            target="_blank"
            rel="noopener"
            aria-label={`Open ${frame.label}`}
            title="Opens in a new tab"
            fontSize="sm"
            color="blue.fg"
            whiteSpace="nowrap"
          >
            Open <LuExternalLink aria-hidden />
          </ChakraLink>
        ) : null}
      </Flex>
    </Frame>
  );
}

/** A group of radio buttons (spec §2: the user's Status, Active/Inactive). */
export function RadioGroupField({
  value,
  options,
  onChange,
  ...frame
}: FieldFrame & { value: string; options: readonly SelectOption[]; onChange: (value: string) => void }) {
  return (
    <Frame {...frame}>
      <RadioGroup.Root
        size="sm"
        value={value}
        aria-label={frame.label}
        onValueChange={(d) => {
          if (d.value !== null) onChange(d.value);
        }}
        disabled={frame.disabled || frame.readOnly}
      >
        <HStack gap="5">
          {options.map((o) => (
            <RadioGroup.Item key={o.value} value={o.value}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{o.label}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </HStack>
      </RadioGroup.Root>
    </Frame>
  );
}
