// The element tabs of the visibility profile editor (spec §2): each with Add
// All / Remove All, a trimmed name filter and a selectable list; the cluster
// group rows with their 'Default' toggle; the Cluster tab with the primary
// visibility dropdown and the tree. They read the valtio draft and call its
// actions.
import { Badge, Box, Button, Checkbox, Field, Flex, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { NO_SELECTION } from '@userprofile/shared/constants';
import { memo, useId, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { ClusterIndex } from './cluster-index.ts';
import { ClusterTree } from './cluster-tree.tsx';
import {
  choosePrimaryVisibility,
  editor,
  setAllExpanded,
  setExpanded,
  setTreeFilter,
  toggleAllClusterSelection,
  toggleAllElementSelection,
  toggleClusterSelection,
  toggleDefaultClusterGroup,
  toggleElementSelection,
} from './visibility-draft.ts';
import { type ElementKind, type NamedRef, primaryVisibilityError } from './visibility-form.ts';
import { filterElements } from './visibility-rules.ts';

/** Add All when nothing (shown) is selected, Remove All otherwise (spec §4). */
function AddOrRemoveAll({
  anySelected,
  onClick,
  disabled,
}: {
  anySelected: boolean;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button size="sm" variant="outline" onClick={onClick} disabled={disabled}>
      {anySelected ? 'Remove All' : 'Add All'}
    </Button>
  );
}

export function ElementTab({
  kind,
  label,
  elements,
  readOnly = false,
}: {
  kind: ElementKind;
  label: string;
  elements: readonly NamedRef[];
  /** Shown, not changed (a profile the caller may not change). */
  readOnly?: boolean;
}) {
  const form = useSnapshot(editor).form;
  const selected = form.elements[kind];
  const defaultGroup = form.defaultClusterGroup;
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => filterElements(elements, filter), [elements, filter]);
  const anySelected = shown.some((e) => selected.has(e.uuid));
  const groups = kind === 'clusterGroups';
  return (
    <Stack gap="3" pt="2">
      <Flex gap="2" align="center" wrap="wrap">
        <Input
          size="sm"
          maxW="xs"
          placeholder={`Filter ${label}`}
          aria-label={`Filter ${label}`}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
        />
        <AddOrRemoveAll
          anySelected={anySelected}
          disabled={readOnly || shown.length === 0}
          onClick={() =>
            toggleAllElementSelection(
              kind,
              shown.map((e) => e.uuid),
            )
          }
        />
        <Text fontSize="sm" color="fg.muted">
          {selected.size} of {elements.length} selected
        </Text>
      </Flex>
      {shown.length === 0 ? (
        <Text color="fg.muted">
          {elements.length === 0 ? `No ${label} available.` : `No ${label} match the filter.`}
        </Text>
      ) : (
        <Box as="ul" role="list" aria-label={label} listStyleType="none" borderWidth="1px" borderRadius="md">
          {shown.map((e) => (
            <Flex
              as="li"
              key={e.uuid}
              align="center"
              justify="space-between"
              gap="2"
              px="3"
              py="1.5"
              borderBottomWidth="1px"
              _last={{ borderBottomWidth: 0 }}
            >
              <Checkbox.Root
                size="sm"
                checked={selected.has(e.uuid)}
                disabled={readOnly}
                onCheckedChange={() => toggleElementSelection(kind, e.uuid)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{e.name}</Checkbox.Label>
              </Checkbox.Root>
              {groups ? (
                <Button
                  size="xs"
                  variant={defaultGroup === e.uuid ? 'solid' : 'outline'}
                  aria-pressed={defaultGroup === e.uuid}
                  aria-label={`Default: ${e.name}`}
                  disabled={readOnly}
                  onClick={() => toggleDefaultClusterGroup(e.uuid)}
                >
                  Default
                </Button>
              ) : null}
            </Flex>
          ))}
        </Box>
      )}
    </Stack>
  );
}

/**
 * The primary visibility dropdown: every cluster, indented by depth. Thousands
 * of options cost a noticeable moment to build and style, so they are put in
 * only while the dropdown is in use (pointer over it or focus in it); until
 * then it holds the chosen option alone.
 */
const PrimarySelect = memo(function PrimarySelect({
  index,
  value,
  error,
  disabled,
}: {
  index: ClusterIndex;
  value: string | null;
  error: string | undefined;
  disabled: boolean;
}) {
  const id = useId();
  const [engaged, setEngaged] = useState(false);
  const [focused, setFocused] = useState(false);
  const options = useMemo(() => {
    if (!engaged) return null;
    const out = [];
    for (let i = 0; i < index.size; i++) {
      out.push(
        <option key={index.uuid[i]} value={index.uuid[i]}>
          {'\u00a0\u00a0'.repeat((index.level[i] as number) - 1) + index.name[i]}
        </option>,
      );
    }
    return out;
  }, [index, engaged]);
  const at = value === null ? undefined : index.at.get(value);
  return (
    <Field.Root invalid={!!error} disabled={disabled} maxW="md">
      <Field.Label htmlFor={id}>Primary Visibility</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          id={id}
          value={value ?? ''}
          onChange={(e) => choosePrimaryVisibility(e.currentTarget.value || null)}
          onPointerEnter={() => setEngaged(true)}
          onPointerLeave={() => setEngaged(focused)}
          onFocus={() => {
            setFocused(true);
            setEngaged(true);
          }}
          onBlur={() => {
            setFocused(false);
            setEngaged(false);
          }}
        >
          <option value="">{NO_SELECTION}</option>
          {options ??
            (at === undefined ? null : (
              <option key={value} value={value ?? ''}>
                {index.name[at]}
              </option>
            ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
});

export function ClusterTab({ readOnly = false }: { readOnly?: boolean }) {
  const snap = useSnapshot(editor);
  const index = snap.index as ClusterIndex | null;
  if (!index) return null;
  const error = primaryVisibilityError(snap.form);
  return (
    <Stack gap="3" pt="2">
      <Flex gap="3" align="end" wrap="wrap">
        <PrimarySelect index={index} value={snap.form.primary} error={error} disabled={readOnly} />
        <AddOrRemoveAll
          anySelected={snap.form.clusters.size > 0}
          onClick={toggleAllClusterSelection}
          disabled={readOnly}
        />
        {snap.form.primary ? (
          <Badge colorPalette="blue" variant="subtle">
            Primary: {index.name[index.at.get(snap.form.primary) ?? -1] ?? ''}
          </Badge>
        ) : null}
      </Flex>
      <ClusterTree
        index={index}
        selected={snap.form.clusters}
        primary={snap.form.primary}
        expanded={snap.expanded}
        filter={snap.treeFilter}
        onFilter={setTreeFilter}
        onToggleSelected={readOnly ? null : toggleClusterSelection}
        onExpand={setExpanded}
        onExpandAll={setAllExpanded}
      />
    </Stack>
  );
}
