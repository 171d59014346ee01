import { expect } from 'vitest'

const PREFIX = 'data:image/svg+xml;base64,'

/**
 * Expects a wallet icon to be a static SVG as a base64 data URL: a page shows it as an image,
 * so it must hold no script, event handler or link that could run or load anything.
 */
export function expectStaticSvgIcon(icon: string): void {
  expect(icon.startsWith(PREFIX)).toBe(true)
  const svg = atob(icon.slice(PREFIX.length))
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
  expect(svg).not.toMatch(/<script|on\w+=|href=/i)
}
