import type { CSSProperties } from 'react'

/**
 * A network's generated badge: its initial on a colour derived from its name. Nothing is
 * downloaded (the modal never waits on the network for a logo), and the badge is decorative:
 * the name is always written next to it.
 */
export function NetworkBadge({ name }: { name: string }) {
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?'
  return (
    // The letter is drawn by CSS (data-initial), so it is decoration, not part of any name.
    <span
      className="latch-avatar latch-badge"
      aria-hidden="true"
      data-initial={initial}
      style={badgeStyle(name)}
    />
  )
}

/** A stable hue per name; 28% lightness keeps white text above 4.5:1 contrast on every hue. */
function badgeStyle(name: string): CSSProperties {
  let hash = 0
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360
  return {
    display: 'inline-grid',
    placeItems: 'center',
    fontWeight: 600,
    color: '#ffffff',
    background: `hsl(${hash} 45% 28%)`,
  }
}
