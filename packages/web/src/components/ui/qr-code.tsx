// A QR code in React, drawn from ./qr-matrix.ts (runs of dark modules as SVG
// rectangles: no markup from a string). Always dark on white, whatever the
// colour mode: camera apps read that best. Where it shows a TOTP key, the key
// is also given as text beside it; `label` names what the picture holds.
import { Box } from '@chakra-ui/react';
import { useMemo } from 'react';
import { qrDrawing } from './qr-matrix.ts';

export function QrCode({ text, size = 200, label }: { text: string; size?: number; label: string }) {
  const { size: modules, runs } = useMemo(() => qrDrawing(text), [text]);
  return (
    <Box bg="white" p="1" rounded="md" borderWidth="1px" display="inline-block" lineHeight="0" data-qr-code>
      <svg
        role="img"
        aria-label={label}
        width={size}
        height={size}
        viewBox={`0 0 ${modules} ${modules}`}
        shapeRendering="crispEdges"
      >
        <rect width={modules} height={modules} fill="#fff" />
        {runs.map((run) => (
          <rect key={`${run.x}.${run.y}`} x={run.x} y={run.y} width={run.width} height={1} fill="#000" />
        ))}
      </svg>
    </Box>
  );
}
