const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** "512 Bytes", "1.50 KB", "10.00 MB": binary steps, two decimals past Bytes. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${Math.round(value)} Bytes` : `${value.toFixed(2)} ${UNITS[unit]}`;
}
