// The cluster tree of the visibility profile editor (spec §2): thousands of
// nodes, so only the rows in view are in the page (a flat list of the visible
// rows with aria-level, fed to a virtualiser; design.md "Large trees"). It is
// one tab stop: the tree keeps focus and points at the active row with
// aria-activedescendant, and the keys of the WAI-ARIA tree pattern move,
// open, close and select (arrows, Home, End, Space). A click anywhere on a row
// but its chevron ticks it; a branch with some of its subtree selected shows a
// partial box (aria-checked="mixed").
import { Box, Button, Flex, Input, Text } from '@chakra-ui/react';
import { type Rect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type MouseEvent, memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import { LuCheck, LuChevronDown, LuChevronRight, LuMinus } from 'react-icons/lu';
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

/**
 * The tree's size as the virtualiser needs it, without asking the page for it
 * while the tree mounts: the tree has a fixed height, so the first render
 * already has the rows in view, and a resize observer (after the frame's own
 * layout) reports a different size later. The virtualiser's default reads
 * clientHeight in a layout effect, which forces a style and layout pass of
 * the newly mounted tab inside the click and then renders the tree twice.
 */
function observeFixedHeight(height: number) {
  return (instance: Virtualizer<HTMLDivElement, Element>, report: (rect: Rect) => void) => {
    const element = instance.scrollElement;
    if (!element) return;
    report({ width: 0, height });
    const observer = new ResizeObserver(([entry]) => {
      const box = entry?.contentRect;
      if (box && box.height > 0) report({ width: Math.round(box.width), height: Math.round(box.height) });
    });
    observer.observe(element);
    return () => observer.disconnect();
  };
}

export interface ClusterTreeProps {
  index: ClusterIndex;
  selected: ReadonlySet<string>;
  primary: string | null;
  expanded: ReadonlySet<string>;
  filter: string;
  onFilter: (text: string) => void;
  /** Null: the selection is shown, not changed (a profile the caller may not change). */
  onToggleSelected: ((uuid: string) => void) | null;
  onExpand: (uuid: string, open: boolean) => void;
  onExpandAll: (open: boolean) => void;
  /** A cluster to scroll to and point at, its ancestors already open (a new seq: again). */
  reveal?: { uuid: string; seq: number } | null;
  /** Height of the scrolling tree in pixels. */
  height?: number;
}

// Memoised: the Cluster tab re-renders for the primary dropdown and the
// counts, the tree only when what it shows changes.
export const ClusterTree = memo(function ClusterTree({
  index,
  selected,
  primary,
  expanded,
  filter,
  onFilter,
  onToggleSelected,
  onExpand,
  onExpandAll,
  reveal = null,
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
    initialRect: { width: 0, height },
    observeElementRect: useMemo(() => observeFixedHeight(height), [height]),
  });

  const moveTo = (row: number) => {
    if (rows.length === 0) return;
    const clamped = Math.max(0, Math.min(rows.length - 1, row));
    setActive(index.uuid[rows[clamped] as number] as string);
    virtualizer.scrollToIndex(clamped, { align: 'auto' });
  };

  // Once its row is in the list (the ancestors' opening may render first), once per request.
  const revealed = useRef(0);
  useEffect(() => {
    if (!reveal || reveal.seq === revealed.current) return;
    const node = index.at.get(reveal.uuid);
    const row = node === undefined ? undefined : rowOf.get(node);
    if (row === undefined) return;
    revealed.current = reveal.seq;
    setActive(reveal.uuid);
    virtualizer.scrollToIndex(row, { align: 'center' });
    scrollRef.current?.scrollIntoView({ block: 'nearest' });
  }, [reveal, index, rowOf, virtualizer]);

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
        // The draft first, then the row: see onClick.
        onToggleSelected?.(uuid);
        setActive(uuid);
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  // One handler for every row (rows carry their uuid): the chevron opens or
  // closes, anywhere else on the row ticks (a leaf's chevron space too).
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const row = target.closest<HTMLElement>('[data-uuid]');
    const uuid = row?.dataset.uuid;
    if (!uuid) return;
    const onToggle = target.closest<HTMLElement>('[data-part=toggle]') !== null && !!row?.hasAttribute('aria-expanded');
    if (!onToggle) onToggleSelected?.(uuid);
    else if (matches === null) onExpand(uuid, !expanded.has(uuid));
    // After the draft's change: valtio tells its readers in a microtask queued
    // before React's own, so the new selection and the active row are one render.
    setActive(uuid);
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
        data-locked={onToggleSelected === null || undefined}
        css={treeStyles}
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
});

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

// Rows re-render only when what they show changes. They are plain elements
// styled by the tree's one rule set (treeStyles): a few hundred Chakra
// components per screenful would cost their props resolution on every mount.
const TreeRow = memo(function TreeRow(p: TreeRowProps) {
  // Ticked: the cluster and its whole subtree; partial: some of it; empty: none of it.
  const below = p.selectedBelow ?? 0;
  const checked =
    p.selected && below === p.descendants ? 'true' : !p.selected && below === 0 ? 'false' : ('mixed' as const);
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
      aria-checked={checked}
      data-active={p.active || undefined}
      data-uuid={p.uuid}
      style={{ transform: `translateY(${p.top}px)`, paddingLeft: 8 + (p.level - 1) * INDENT }}
    >
      <span aria-hidden="true" data-part="toggle">
        {p.expanded === undefined ? null : p.expanded ? <LuChevronDown /> : <LuChevronRight />}
      </span>
      <span aria-hidden="true" data-part="select" data-box data-checked={checked}>
        {checked === 'true' ? <LuCheck size={12} /> : checked === 'mixed' ? <LuMinus size={12} /> : null}
      </span>
      <span data-part="select" data-name>
        {p.name}
      </span>
      {p.primary ? <span data-badge="primary">Primary</span> : null}
      {p.selectedBelow !== undefined ? (
        <span data-badge={p.selectedBelow > 0 ? 'some' : 'none'}>
          {p.selectedBelow} of {p.descendants} selected
        </span>
      ) : null}
    </div>
  );
});

const badge = {
  display: 'inline-flex',
  alignItems: 'center',
  flex: 'none',
  borderRadius: 'l2',
  fontWeight: 'medium',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  userSelect: 'none',
  textStyle: 'xs',
  px: '1.5',
  minH: '5',
} as const;

/** The rows' looks, one rule set for the whole tree (the look of Chakra's checkbox and small subtle badges). */
const treeStyles = {
  '& [role=treeitem]': {
    position: 'absolute',
    top: 0,
    left: 0,
    right: 0,
    height: `${ROW_HEIGHT}px`,
    display: 'flex',
    alignItems: 'center',
    gap: '6px',
    cursor: 'pointer',
  },
  '& [role=treeitem]:hover': { bg: 'bg.subtle' },
  '&[data-locked] [role=treeitem]': { cursor: 'default' },
  '& [role=treeitem][data-active]': {
    bg: 'bg.muted',
    outline: '1px solid',
    outlineColor: 'border.emphasized',
    outlineOffset: '-1px',
  },
  '& [data-part=toggle]': { width: '18px', display: 'inline-flex', justifyContent: 'center', cursor: 'pointer' },
  '& [data-box]': {
    width: '16px',
    height: '16px',
    flex: 'none',
    borderRadius: '3px',
    borderWidth: '1px',
    borderColor: 'border.emphasized',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
  },
  '& [data-box]:is([data-checked=true], [data-checked=mixed])': {
    bg: 'colorPalette.solid',
    borderColor: 'colorPalette.solid',
    color: 'colorPalette.contrast',
  },
  '&[data-locked] [data-box]': { opacity: 0.5 },
  '& [data-name]': { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  '& [data-badge]': badge,
  '& [data-badge=primary]': { bg: 'blue.subtle', color: 'blue.fg' },
  '& [data-badge=some]': { bg: 'green.subtle', color: 'green.fg' },
  '& [data-badge=none]': { bg: 'gray.subtle', color: 'gray.fg' },
} as const;
