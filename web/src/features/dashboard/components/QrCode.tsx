import { useMemo } from 'react';
import { qrMatrix, qrPath } from '../lib/qr';

/** A QR code drawn in the page (SVG): sharp at any print size; `label` names it for screen readers. */
export function QrCode({ text, label, size = 150 }: { text: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const m = qrMatrix(text, 'H');
    return { path: qrPath(m), modules: m.length + 8 };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      data-qr-text={text}
      className="qr-code"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path fill="#000" d={path} />
    </svg>
  );
}
