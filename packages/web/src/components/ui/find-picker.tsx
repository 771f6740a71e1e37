// A type-to-find picker: a text box that lists the options containing what
// was typed (at most FIND_LIMIT of them, so a list of 100000 users stays
// quick), picked with the mouse or the arrow keys and Enter. The options may
// load on first use (`onOpen`); until then, and on failure, the box says so.
import { Combobox, createListCollection, Field, HStack, Portal, Text } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useState } from 'react';

export interface FindOption {
  value: string;
  label: string;
  /** A second line (a full name, a category). */
  detail?: string;
}

export const FIND_LIMIT = 50;

/** The options whose label or detail contains `text` (case-insensitive), at most `limit`. */
export function findOptions(options: readonly FindOption[], text: string, limit = FIND_LIMIT): FindOption[] {
  const needle = text.trim().toLowerCase();
  const found: FindOption[] = [];
  for (const o of options) {
    if (found.length >= limit) break;
    if (needle === '' || o.label.toLowerCase().includes(needle) || o.detail?.toLowerCase().includes(needle)) {
      found.push(o);
    }
  }
  return found;
}

export function FindPicker({
  label,
  placeholder,
  options,
  value,
  selectedLabel,
  onChange,
  onOpen,
  status,
  disabled = false,
}: {
  label: string;
  placeholder: string;
  /** Null while not loaded. */
  options: readonly FindOption[] | null;
  value: string | null;
  /** The picked option's label, shown before the options are loaded (a deep link). */
  selectedLabel: string;
  onChange: (value: string | null) => void;
  /** Called when the list is first opened or typed into: load the options. */
  onOpen?: () => void;
  /** A line under the box: 'Loading users…', a failure. */
  status?: React.ReactNode;
  disabled?: boolean;
}) {
  const [input, setInput] = useState(selectedLabel);
  const [typing, setTyping] = useState(false);
  const id = useId();
  // A new pick from outside (a deep link, a cleared application) shows its label.
  useEffect(() => {
    if (!typing) setInput(selectedLabel);
  }, [selectedLabel, typing]);

  const shown = useMemo(() => {
    const found = findOptions(options ?? [], typing ? input : '');
    // The picked option is always in the collection (its label shows before the options load).
    if (value && selectedLabel && !found.some((o) => o.value === value) && !typing) {
      found.unshift({ value, label: selectedLabel });
    }
    return found;
  }, [options, input, typing, value, selectedLabel]);
  const collection = useMemo(
    () =>
      createListCollection({
        items: shown,
        itemToValue: (o) => o.value,
        itemToString: (o) => o.label,
      }),
    [shown],
  );
  const more = options !== null && shown.length === FIND_LIMIT;

  return (
    <Field.Root disabled={disabled} minW="0">
      <Combobox.Root
        collection={collection}
        value={value ? [value] : []}
        inputValue={input}
        openOnClick
        inputBehavior="autohighlight"
        selectionBehavior="replace"
        ids={{ input: id }}
        onOpenChange={(e) => {
          if (e.open) onOpen?.();
          else setTyping(false);
        }}
        onInputValueChange={(e) => {
          if (e.reason === 'input-change') {
            setInput(e.inputValue);
            setTyping(true);
            onOpen?.();
          } else if (e.reason === 'interact-outside') {
            // Left without picking: the box shows the pick again.
            setTyping(false);
            setInput(selectedLabel);
          } else {
            setInput(e.inputValue);
          }
        }}
        onValueChange={(e) => {
          setTyping(false);
          onChange(e.value[0] ?? null);
        }}
        disabled={disabled}
        size="sm"
      >
        <Combobox.Label>{label}</Combobox.Label>
        <Combobox.Control>
          <Combobox.Input placeholder={placeholder} />
          <Combobox.IndicatorGroup>
            <Combobox.ClearTrigger aria-label={`Clear ${label.toLowerCase()}`} />
            <Combobox.Trigger aria-label={`Show ${label.toLowerCase()} options`} />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Portal>
          <Combobox.Positioner>
            <Combobox.Content maxH="72" overflowY="auto">
              <Combobox.Empty px="2" py="1">
                {options === null ? 'Loading…' : 'Nothing matches'}
              </Combobox.Empty>
              {collection.items.map((o) => (
                <Combobox.Item item={o} key={o.value}>
                  <HStack justify="space-between" w="full" gap="3" minW="0">
                    <Text truncate>{o.label}</Text>
                    {o.detail ? (
                      <Text color="fg.muted" fontSize="xs" truncate>
                        {o.detail}
                      </Text>
                    ) : null}
                  </HStack>
                  <Combobox.ItemIndicator />
                </Combobox.Item>
              ))}
              {more ? (
                <Text px="2" py="1" fontSize="xs" color="fg.muted">
                  {`The first ${FIND_LIMIT} shown: type more to narrow down`}
                </Text>
              ) : null}
            </Combobox.Content>
          </Combobox.Positioner>
        </Portal>
      </Combobox.Root>
      {status ? <Field.HelperText as="div">{status}</Field.HelperText> : null}
    </Field.Root>
  );
}
