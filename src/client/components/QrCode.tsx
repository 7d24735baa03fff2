import { encode } from 'uqr';

/**
 * A QR code drawn as one SVG path (no image, no inline script: it lives with the strict CSP).
 * Dark modules on white, with a quiet zone, so any phone camera reads it.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { data, size } = encode(value, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="size-48 rounded-xl border border-slate-200 bg-white"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#0f172a" />
    </svg>
  );
}
