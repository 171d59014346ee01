import { useMemo } from 'react'
import { encode } from 'uqr'

export interface QrCodeProps {
  /** The text to encode; absent while it is being prepared (a busy placeholder then). */
  value?: string
  /** The image's accessible name (the placeholder keeps it, marked busy). */
  label: string
  /** Rendered width and height in CSS pixels. */
  size?: number
}

// The quiet zone the QR standard asks for: scanners find the code faster with it.
const QUIET_ZONE_MODULES = 4

/**
 * A QR code drawn as SVG from uqr's module matrix: one path of unit squares, dark on white in
 * both themes (scanners read dark-on-light). React builds the elements; no markup string is
 * ever parsed. While the value is not there yet, a same-sized placeholder with the same name
 * says it is busy (the status line beside it says what is happening).
 */
export function QrCode({ value, label, size = 232 }: QrCodeProps) {
  const matrix = useMemo(
    () => (value ? encode(value, { ecc: 'M', border: QUIET_ZONE_MODULES }) : undefined),
    [value],
  )
  const box = { width: size, height: size, borderRadius: 8 }
  if (!matrix) {
    return (
      <div
        role="img"
        aria-label={label}
        aria-busy="true"
        style={{ ...box, display: 'grid', placeItems: 'center', background: 'var(--bg-2)' }}
      >
        <span className="latch-spinner" aria-hidden="true" />
      </div>
    )
  }
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${matrix.size} ${matrix.size}`}
      shapeRendering="crispEdges"
      style={{ ...box, display: 'block' }}
      data-qr-size={matrix.size}
    >
      <rect width={matrix.size} height={matrix.size} fill="#ffffff" />
      <path d={modulesPath(matrix.data)} fill="#000000" />
    </svg>
  )
}

/** One subpath per dark module, run-length joined along each row to keep the path short. */
export function modulesPath(data: readonly (readonly boolean[])[]): string {
  let d = ''
  data.forEach((row, y) => {
    let x = 0
    while (x < row.length) {
      if (!row[x]) {
        x++
        continue
      }
      const start = x
      while (row[x]) x++
      d += `M${start} ${y}h${x - start}v1h${start - x}z`
    }
  })
  return d
}
