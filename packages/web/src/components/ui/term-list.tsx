// Labels and their values as one definition list: two columns, the labels'
// of a set width, and on a small screen one column, each label above its
// value. Extra props (row gap, a data- attribute) go to the <dl>.
import { Box, type BoxProps, Text } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';

export interface TermRow {
  label: string;
  value: ReactNode;
}

export function TermList({
  rows,
  labelWidth,
  wrapAnywhere = false,
  ...dl
}: {
  rows: readonly TermRow[];
  /** The width of the labels' column from the `sm` breakpoint ('10rem'). */
  labelWidth: string;
  /** A value without spaces (an e-mail address, a uuid) breaks anywhere rather than overflow. */
  wrapAnywhere?: boolean;
} & Omit<BoxProps, 'children'>) {
  return (
    <Box
      as="dl"
      display="grid"
      gridTemplateColumns={{ base: '1fr', sm: `${labelWidth} 1fr` }}
      columnGap="4"
      fontSize="sm"
      {...dl}
    >
      {rows.map(({ label, value }) => (
        <Fragment key={label}>
          <Text as="dt" fontWeight="medium" mt={{ base: '2', sm: '0' }}>
            {label}
          </Text>
          <Box as="dd" overflowWrap={wrapAnywhere ? 'anywhere' : undefined}>
            {value}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}
