/** Progress as a picture (issue 4): a ring with the percentage in the middle. */
export function ProgressRing({
  value,
  total,
  size = 72,
  label,
}: {
  value: number;
  total: number;
  size?: number;
  label: string;
}) {
  const ratio = total > 0 ? Math.min(1, value / total) : 0;
  const stroke = size / 9;
  const r = (size - stroke) / 2;
  const c = 2 * Math.PI * r;
  return (
    <div
      className="relative shrink-0"
      style={{ width: size, height: size }}
      role="img"
      aria-label={label}
    >
      <svg
        width={size}
        height={size}
        viewBox={`0 0 ${size} ${size}`}
        className="-rotate-90"
        aria-hidden="true"
      >
        <circle
          cx={size / 2}
          cy={size / 2}
          r={r}
          fill="none"
          strokeWidth={stroke}
          className="stroke-brand-100"
        />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={r}
          fill="none"
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={c}
          strokeDashoffset={c * (1 - ratio)}
          className="stroke-brand-700 transition-[stroke-dashoffset] duration-500"
        />
      </svg>
      <span
        aria-hidden="true"
        className="absolute inset-0 flex items-center justify-center text-sm font-semibold text-brand-900"
      >
        {Math.round(ratio * 100)}%
      </span>
    </div>
  );
}
