// The Primary Visibility picker of the Cluster tab (spec §2): a combobox over
// every cluster that narrows as one types (a native dropdown of
// hundreds of clusters could only be scrolled). Without text it lists the
// clusters in tree order, indented by depth; with text, the clusters whose
// name contains it, each with the path above it. At most MAX_SHOWN options
// are in the page at a time (thousands of clusters are possible): a line says
// how many more the text would have to narrow.
import { Box, Combobox, createListCollection, Field, Portal, Text } from '@chakra-ui/react';
import { NO_SELECTION } from '@userprofile/shared/constants';
import { memo, useMemo, useState } from 'react';
import type { ClusterIndex } from './cluster-index.ts';

const MAX_SHOWN = 100;

interface Option {
  value: string;
  label: string;
  level: number;
  /** The names of its ancestors, shown with a match. */
  path: string;
}

function optionAt(index: ClusterIndex, i: number): Option {
  const names: string[] = [];
  for (let p = index.parent[i] as number; p >= 0; p = index.parent[p] as number) names.unshift(index.name[p] as string);
  return {
    value: index.uuid[i] as string,
    label: index.name[i] as string,
    level: index.level[i] as number,
    path: names.join(' › '),
  };
}

/**
 * The options for a query: the first MAX_SHOWN matches in tree order; without
 * a query also the chosen one, wherever it is (the closed input shows its name).
 */
function optionsFor(index: ClusterIndex, query: string, chosen: string | null): { options: Option[]; more: number } {
  const text = query.trim().toLowerCase();
  const options: Option[] = [];
  let matches = 0;
  for (let i = 0; i < index.size; i++) {
    if (text && !(index.lowerName[i] as string).includes(text)) continue;
    matches++;
    if (options.length < MAX_SHOWN) options.push(optionAt(index, i));
  }
  const at = chosen === null || text ? undefined : index.at.get(chosen);
  if (at !== undefined && !options.some((o) => o.value === chosen)) options.push(optionAt(index, at));
  return { options, more: Math.max(0, matches - MAX_SHOWN) };
}

export const PrimaryPicker = memo(function PrimaryPicker({
  index,
  value,
  error,
  disabled,
  onChoose,
}: {
  index: ClusterIndex;
  value: string | null;
  error: string | undefined;
  disabled: boolean;
  onChoose: (uuid: string | null) => void;
}) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const at = value === null ? undefined : index.at.get(value);
  const chosen = at === undefined ? '' : (index.name[at] as string);
  const { options, more } = useMemo(() => optionsFor(index, query, value), [index, query, value]);
  const collection = useMemo(
    () =>
      createListCollection<Option>({
        items: options,
        itemToValue: (o) => o.value,
        itemToString: (o) => o.label,
      }),
    [options],
  );
  const searching = query.trim() !== '';
  return (
    <Field.Root invalid={!!error} disabled={disabled} maxW="md">
      <Combobox.Root
        size="sm"
        collection={collection}
        value={value ? [value] : []}
        onValueChange={(e) => onChoose(e.value[0] ?? null)}
        // While open the input holds the search (empty at first, the chosen name as its placeholder); closed, the chosen name.
        inputValue={open ? query : chosen}
        onInputValueChange={(e) => {
          if (e.reason === 'input-change') setQuery(e.inputValue);
        }}
        onOpenChange={(e) => {
          setOpen(e.open);
          if (!e.open) setQuery('');
        }}
        openOnClick
        disabled={disabled}
        invalid={!!error}
        positioning={{ sameWidth: true }}
      >
        <Combobox.Label>Primary Visibility</Combobox.Label>
        <Combobox.Control>
          {/* Reached by Tab, the chosen name is selected: typing replaces it with a search. */}
          <Combobox.Input
            placeholder={open && chosen ? chosen : NO_SELECTION}
            onFocus={(e) => e.currentTarget.select()}
          />
          <Combobox.IndicatorGroup>
            {value && !disabled ? <Combobox.ClearTrigger aria-label="Clear Primary Visibility" /> : null}
            <Combobox.Trigger aria-label="Show clusters" />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Portal>
          <Combobox.Positioner>
            <Combobox.Content maxH="xs">
              {/* An option that cannot be chosen: a listbox with no option at all is not one. */}
              {options.length === 0 ? (
                <Box
                  role="option"
                  aria-disabled="true"
                  aria-selected="false"
                  px="2"
                  py="1.5"
                  fontSize="sm"
                  color="fg.muted"
                >
                  No cluster matches.
                </Box>
              ) : null}
              {options.map((o) => (
                <Combobox.Item key={o.value} item={o} ps={searching ? undefined : `${0.5 + (o.level - 1)}rem`}>
                  <Combobox.ItemText>
                    {searching && o.path ? (
                      <Text as="span" display="block" fontSize="xs" color="fg.muted">
                        {o.path}
                      </Text>
                    ) : null}
                    {o.label}
                  </Combobox.ItemText>
                  <Combobox.ItemIndicator />
                </Combobox.Item>
              ))}
              {more > 0 ? (
                <Text px="2" py="1.5" fontSize="xs" color="fg.muted">
                  {more} more: type to narrow the list.
                </Text>
              ) : null}
            </Combobox.Content>
          </Combobox.Positioner>
        </Portal>
      </Combobox.Root>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
});
