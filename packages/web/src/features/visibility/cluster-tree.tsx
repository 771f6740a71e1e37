// The cluster tree of the visibility profile editor (spec §2): thousands of
// nodes, so only the rows in view are in the page (a flat list of the visible
// rows with aria-level, fed to a virtualiser; design.md "Large trees"). It is
// one tab stop: the tree keeps focus and points at the active row with
// aria-activedescendant, and the keys of the WAI-ARIA tree pattern move,
// open, close and select (arrows, Home, End, Space).
import { Badge, Box, Button, Flex, Input, Text } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type MouseEvent, memo, useId, useMemo, useRef, useState } from 'react';
import { LuCheck, LuChevronDown, LuChevronRight } from 'react-icons/lu';
import {
  type ClusterIndex,
  descendantCount,
  filterMatches,
  hasChildren,
  selectedDescendantCounts,
  visibleRows,
} from './cluster-index.ts';

const ROW_HEIGHT = 32;
const INDENT = 20;

export interface ClusterTreeProps {
  index: ClusterIndex;
  selected: ReadonlySet<string>;
  primary: string | null;
  expanded: ReadonlySet<string>;
  filter: string;
  onFilter: (text: string) => void;
  onToggleSelected: (uuid: string) => void;
  onExpand: (uuid: string, open: boolean) => void;
  onExpandAll: (open: boolean) => void;
  /** Height of the scrolling tree in pixels. */
  height?: number;
}

export function ClusterTree({
  index,
  selected,
  primary,
  expanded,
  filter,
  onFilter,
  onToggleSelected,
  onExpand,
  onExpandAll,
  height = 420,
}: ClusterTreeProps) {
  const treeId = useId();
  const filterId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const counts = useMemo(() => selectedDescendantCounts(index, selected), [index, selected]);
  const matches = useMemo(() => filterMatches(index, filter), [index, filter]);
  const rows = useMemo(() => visibleRows(index, expanded, matches), [index, expanded, matches]);
  const [active, setActive] = useState<string | null>(null);

  // The active row: the one last moved to, while it is on screen; else the first row.
  const rowOf = useMemo(() => {
    const map = new Map<number, number>();
    for (let row = 0; row < rows.length; row++) map.set(rows[row] as number, row);
    return map;
  }, [rows]);
  const activeNode = active === null ? undefined : index.at.get(active);
  const activeRow = activeNode !== undefined && rowOf.has(activeNode) ? (rowOf.get(activeNode) as number) : 0;

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });

  const moveTo = (row: number) => {
    if (rows.length === 0) return;
    const clamped = Math.max(0, Math.min(rows.length - 1, row));
    setActive(index.uuid[rows[clamped] as number] as string);
    virtualizer.scrollToIndex(clamped, { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (rows.length === 0) return;
    const node = rows[activeRow] as number;
    const uuid = index.uuid[node] as string;
    const open = matches !== null || expanded.has(uuid);
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        moveTo(activeRow + 1);
        break;
      case 'ArrowUp':
        moveTo(activeRow - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(rows.length - 1);
        break;
      case 'ArrowRight':
        if (hasChildren(index, node)) {
          if (!open) onExpand(uuid, true);
          else moveTo(activeRow + 1);
        }
        break;
      case 'ArrowLeft': {
        if (hasChildren(index, node) && open && matches === null) onExpand(uuid, false);
        else {
          const parent = index.parent[node] as number;
          if (parent >= 0 && rowOf.has(parent)) moveTo(rowOf.get(parent) as number);
        }
        break;
      }
      case ' ':
      case 'Enter':
        setActive(uuid);
        onToggleSelected(uuid);
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  // One handler for every row (rows carry their uuid; the part clicked says what to do).
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const row = target.closest<HTMLElement>('[data-uuid]');
    const uuid = row?.dataset.uuid;
    if (!uuid) return;
    setActive(uuid);
    const part = target.closest<HTMLElement>('[data-part]')?.dataset.part;
    if (part === 'select') onToggleSelected(uuid);
    else if (part === 'toggle' && matches === null) onExpand(uuid, !expanded.has(uuid));
  };

  const rowId = (row: number) => `${treeId}-row-${row}`;
  const total = index.size;

  return (
    <Flex direction="column" gap="2">
      <Flex gap="2" align="center" wrap="wrap">
        <Input
          id={filterId}
          size="sm"
          maxW="xs"
          placeholder="Filter clusters"
          aria-label="Filter clusters"
          value={filter}
          onChange={(e) => onFilter(e.currentTarget.value)}
        />
        <Button size="xs" variant="outline" onClick={() => onExpandAll(true)} disabled={matches !== null}>
          Expand All
        </Button>
        <Button size="xs" variant="outline" onClick={() => onExpandAll(false)} disabled={matches !== null}>
          Collapse All
        </Button>
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {selected.size} of {total} clusters selected
          {matches ? `, ${matches.matches} matching` : ''}
        </Text>
      </Flex>
      <Box
        ref={scrollRef}
        role="tree"
        aria-label="Clusters"
        aria-multiselectable="true"
        aria-activedescendant={rows.length > 0 ? rowId(activeRow) : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onClick={onClick}
        data-cluster-tree
        data-rows={rows.length}
        data-selected={selected.size}
        data-filter={filter}
        height={`${height}px`}
        overflow="auto"
        borderWidth="1px"
        borderRadius="md"
        outline="none"
        _focusVisible={{ boxShadow: 'outline', borderColor: 'colorPalette.focusRing' }}
        position="relative"
      >
        {rows.length === 0 ? (
          <Text p="3" color="fg.muted">
            {matches ? 'No cluster matches the filter.' : 'No clusters available.'}
          </Text>
        ) : null}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const node = rows[item.index] as number;
            const uuid = index.uuid[node] as string;
            const parent = hasChildren(index, node);
            return (
              <TreeRow
                key={uuid}
                uuid={uuid}
                id={rowId(item.index)}
                top={item.start}
                name={index.name[node] as string}
                level={index.level[node] as number}
                posInSet={index.posInSet[node] as number}
                setSize={index.setSize[node] as number}
                expanded={parent ? matches !== null || expanded.has(uuid) : undefined}
                selected={selected.has(uuid)}
                primary={primary === uuid}
                active={item.index === activeRow}
                selectedBelow={parent ? (counts[node] as number) : undefined}
                descendants={parent ? descendantCount(index, node) : 0}
              />
            );
          })}
        </div>
      </Box>
    </Flex>
  );
}

interface TreeRowProps {
  uuid: string;
  id: string;
  top: number;
  name: string;
  level: number;
  posInSet: number;
  setSize: number;
  /** Undefined for a leaf. */
  expanded: boolean | undefined;
  selected: boolean;
  primary: boolean;
  active: boolean;
  /** How many descendants are selected (nodes with children). */
  selectedBelow: number | undefined;
  descendants: number;
}

// Rows re-render only when what they show changes.
const TreeRow = memo(function TreeRow(p: TreeRowProps) {
  return (
    // biome-ignore lint/a11y/useFocusableInteractive: focus stays on the tree, which points here with aria-activedescendant
    <div
      id={p.id}
      role="treeitem"
      aria-level={p.level}
      aria-posinset={p.posInSet}
      aria-setsize={p.setSize}
      aria-expanded={p.expanded}
      aria-selected={p.selected}
      data-active={p.active || undefined}
      data-uuid={p.uuid}
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        right: 0,
        height: ROW_HEIGHT,
        transform: `translateY(${p.top}px)`,
        paddingLeft: 8 + (p.level - 1) * INDENT,
        display: 'flex',
        alignItems: 'center',
        gap: 6,
        cursor: 'default',
        background: p.active ? 'var(--chakra-colors-bg-muted)' : undefined,
        outline: p.active ? '1px solid var(--chakra-colors-border-emphasized)' : undefined,
        outlineOffset: -1,
      }}
    >
      <span
        aria-hidden="true"
        data-part="toggle"
        style={{ width: 18, display: 'inline-flex', justifyContent: 'center', cursor: 'pointer' }}
      >
        {p.expanded === undefined ? null : p.expanded ? <LuChevronDown /> : <LuChevronRight />}
      </span>
      <span
        aria-hidden="true"
        data-part="select"
        style={{
          width: 16,
          height: 16,
          flex: 'none',
          borderRadius: 3,
          border: '1px solid var(--chakra-colors-border-emphasized)',
          background: p.selected ? 'var(--chakra-colors-color-palette-solid, #2563eb)' : 'transparent',
          color: 'white',
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          cursor: 'pointer',
        }}
      >
        {p.selected ? <LuCheck size={12} /> : null}
      </span>
      <span
        data-part="select"
        style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', cursor: 'pointer' }}
      >
        {p.name}
      </span>
      {p.primary ? (
        <Badge size="sm" colorPalette="blue">
          Primary
        </Badge>
      ) : null}
      {p.selectedBelow !== undefined ? (
        <Badge size="sm" variant="subtle" colorPalette={p.selectedBelow > 0 ? 'green' : 'gray'}>
          {p.selectedBelow} of {p.descendants} selected
        </Badge>
      ) : null}
    </div>
  );
});
