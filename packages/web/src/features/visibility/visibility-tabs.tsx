// The element tabs of the visibility profile editor (spec §2): each with Add
// All / Remove All, a trimmed name filter and a selectable list; the cluster
// group rows with their 'Default' toggle; the Cluster tab with the primary
// visibility dropdown and the tree. They read the valtio draft and call its
// actions.
import { Badge, Box, Button, Checkbox, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { ClusterIndex } from './cluster-index.ts';
import { ClusterTree } from './cluster-tree.tsx';
import { PrimaryPicker } from './primary-picker.tsx';
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

export function ClusterTab({ readOnly = false }: { readOnly?: boolean }) {
  const snap = useSnapshot(editor);
  const index = snap.index as ClusterIndex | null;
  if (!index) return null;
  const error = primaryVisibilityError(snap.form);
  return (
    <Stack gap="3" pt="2">
      <Flex gap="3" align="end" wrap="wrap">
        <PrimaryPicker
          index={index}
          value={snap.form.primary}
          error={error}
          disabled={readOnly}
          onChoose={choosePrimaryVisibility}
        />
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
        reveal={snap.reveal}
      />
    </Stack>
  );
}
