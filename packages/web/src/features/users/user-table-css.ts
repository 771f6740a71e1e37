// The rows of a page are plain elements styled once from the table root:
// a keystroke replaces every row of the page, and plain elements render
// several times faster than styled components. Row links navigate through
// one delegated handler instead of a router hook per link.
export const tableCss = {
  '& tbody td': {
    px: '2',
    py: '2',
    borderBottomWidth: '1px',
    borderColor: 'border',
    // One line a row (the whole text in the cell's title), so a page of ten rows fits at 1280×800.
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    verticalAlign: 'middle',
  },
  // Focused, a cell's link shows its whole name on as many lines as it takes (the title is for the pointer).
  '& tbody td:focus-within': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
  '& tbody tr:hover': { bg: 'bg.muted' },
  '& tbody .hide-lg': { display: { base: 'none', lg: 'table-cell' } },
  '& .select-cell': { width: '2.5rem', textAlign: 'center' },
  '& input[type=checkbox]': {
    width: '4',
    height: '4',
    cursor: 'pointer',
    accentColor: 'var(--chakra-colors-blue-solid)',
  },
  // Narrow screens (below md): a row is a small card, its Status action beside the username, so nothing
  // scrolls sideways; the headers stay as a row of sort buttons.
  '@media screen and (max-width: 47.99em)': {
    display: 'block',
    '& thead, & tbody': { display: 'block' },
    '& thead tr': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: '2' },
    // Flex items are blocks: the headers hidden below lg (hideBelow) stay hidden.
    '& thead th': { width: 'auto', borderBottomWidth: '0', px: '1', py: '1' },
    '& tbody tr': {
      display: 'grid',
      gridTemplateColumns: 'auto minmax(0, 1fr) auto',
      gridTemplateAreas: '"select user status" ". profile profile" ". visibility visibility"',
      alignItems: 'center',
      columnGap: '2',
      borderTopWidth: '1px',
      borderColor: 'border',
      py: '1.5',
    },
    '& tbody td': { borderBottomWidth: '0', py: '0.5', whiteSpace: 'normal', overflowWrap: 'anywhere' },
    '& tbody td.select-cell': { gridArea: 'select' },
    '& tbody td.user-cell': { gridArea: 'user' },
    '& tbody td.status-cell': { gridArea: 'status' },
    '& tbody td.profile-cell': { gridArea: 'profile', fontSize: 'xs' },
    '& tbody td.visibility-cell': { gridArea: 'visibility', fontSize: 'xs' },
    // Two lines at most a name (cut at the end); focused, the cell opens to the whole of it.
    '& tbody td.profile-cell, & tbody td.visibility-cell': {
      display: '-webkit-box',
      WebkitLineClamp: '2',
      WebkitBoxOrient: 'vertical',
    },
    '& tbody td.profile-cell:focus-within, & tbody td.visibility-cell:focus-within': { WebkitLineClamp: 'unset' },
    '& tbody td.no-match': { gridColumn: '1 / -1' },
  },
  '& tbody a': { color: 'blue.fg', _hover: { textDecoration: 'underline' } },
  '& tbody a.username': { fontWeight: 'medium' },
  '& tbody .missing': { color: 'fg.subtle' },
  '& tbody .user-status': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    h: '6',
    px: '2',
    fontSize: 'xs',
    fontWeight: 'medium',
    rounded: 'l1',
    cursor: 'pointer',
    bg: 'green.subtle',
    color: 'green.fg',
    _hover: { bg: 'green.muted' },
    _disabled: { opacity: 0.5, cursor: 'not-allowed', _hover: { bg: 'green.subtle' } },
    '&[data-status=inactive]': { bg: 'gray.subtle', color: 'gray.fg', _hover: { bg: 'gray.muted' } },
  },
} as const;
