// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import stylesheet from './style.css?raw'
import { contrast, frameTheme, MIN_TEXT_CONTRAST, parseColour, type Rgb } from './theme.js'

// The approval's text against its background, as the page computes them with the frame's own
// stylesheet loaded: whatever the host's theme says, they must read.

function setup() {
  const style = document.createElement('style')
  style.textContent = stylesheet
  document.head.replaceChildren(style)
  const root = document.createElement('main')
  root.id = 'approval'
  const heading = document.createElement('h1')
  heading.textContent = 'Sign message'
  const details = document.createElement('pre')
  details.textContent = 'Hello'
  root.append(heading, details)
  document.body.replaceChildren(root)
  return { root, heading, details }
}

const measured = (text: string): Rgb => {
  const colour = parseColour(text)
  if (!colour) throw new Error(`not an opaque colour: ${text}`)
  return colour
}

/** The contrast of each text element against the approval's background, as computed. */
function textContrasts(root: HTMLElement, ...texts: HTMLElement[]): number[] {
  const background = measured(getComputedStyle(root).backgroundColor)
  return texts.map((element) => contrast(measured(getComputedStyle(element).color), background))
}

/** Approve's label against Approve's background (the accent), as the frame set them. */
function approveContrast(root: HTMLElement): number {
  return contrast(
    measured(root.style.getPropertyValue('--latch-frame-on-accent')),
    measured(root.style.getPropertyValue('--latch-frame-accent')),
  )
}

describe('the approval’s colours under the host’s theme (finding 5)', () => {
  beforeEach(() => {
    delete document.documentElement.dataset.theme
  })

  it('a transparent --latch-foreground leaves the text readable', () => {
    const { root, heading, details } = setup()
    frameTheme(root).apply({
      themeVariables: { '--latch-foreground': 'transparent', '--latch-background': '#ffffff' },
    })
    for (const ratio of textContrasts(root, heading, details)) {
      expect(ratio).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
    }
  })

  it('text the colour of its background falls back to the frame’s own pair', () => {
    const { root, heading } = setup()
    const theme = frameTheme(root)
    theme.apply({
      themeVariables: { '--latch-foreground': '#123456', '--latch-background': '#123456' },
    })
    expect(textContrasts(root, heading)[0]).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
    // Nearly the same, in another notation: still caught by measuring, not by comparing text.
    theme.apply({
      themeVariables: {
        '--latch-foreground': 'rgb(18, 52, 90)',
        '--latch-background': '#123456',
      },
    })
    expect(textContrasts(root, heading)[0]).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
  })

  it('a low-contrast foreground alone, on the frame’s own background, falls back too', () => {
    const { root, heading, details } = setup()
    const theme = frameTheme(root)
    for (const [mode, foreground] of [
      ['light', '#eeeeee'],
      ['dark', '#2a2a2a'],
    ] as const) {
      theme.apply({ themeMode: mode, themeVariables: { '--latch-foreground': foreground } })
      for (const ratio of textContrasts(root, heading, details)) {
        expect(ratio).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
      }
    }
  })

  it('a see-through background is not taken (the host could paint behind it)', () => {
    const { root, heading } = setup()
    frameTheme(root).apply({
      themeVariables: { '--latch-background': 'rgba(0, 0, 0, 0)', '--latch-foreground': '#000' },
    })
    expect(getComputedStyle(root).backgroundColor).not.toBe('rgba(0, 0, 0, 0)')
    expect(textContrasts(root, heading)[0]).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
  })

  it('keeps a host pair that reads well, in either mode', () => {
    const { root, heading } = setup()
    const theme = frameTheme(root)
    theme.apply({
      themeMode: 'dark',
      themeVariables: { '--latch-foreground': '#fafafa', '--latch-background': '#101820' },
    })
    expect(document.documentElement.dataset.theme).toBe('dark')
    expect(getComputedStyle(heading).color).toBe('rgb(250, 250, 250)')
    expect(getComputedStyle(root).backgroundColor).toBe('rgb(16, 24, 32)')
    // A later SYNC_THEME with only a mode keeps the variables.
    theme.apply({ themeMode: 'light' })
    expect(getComputedStyle(root).backgroundColor).toBe('rgb(16, 24, 32)')
  })

  it('an accent of any colour still gives Approve a readable label', () => {
    const { root } = setup()
    const theme = frameTheme(root)
    for (const accent of ['#ffffff', '#000000', '#777777', '#f06', 'transparent']) {
      theme.apply({ themeVariables: { '--latch-accent': accent } })
      expect(approveContrast(root)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
    }
  })

  it('takes only the variables the approval uses, only in forms it can measure', () => {
    const { root } = setup()
    frameTheme(root).apply({
      themeMode: 'dark',
      themeVariables: {
        '--latch-accent': '#f06',
        '--latch-border-radius-master': '8px',
        '--latch-font-family': 'Webdings',
        color: 'red',
      },
    })
    expect(root.style.getPropertyValue('--latch-frame-accent')).toBe('rgb(255, 0, 102)')
    expect(root.style.getPropertyValue('--latch-frame-radius')).toBe('8px')
    expect(root.style.getPropertyValue('--latch-font-family')).toBe('')
    expect(root.style.getPropertyValue('--latch-accent')).toBe('')
    for (const unmeasurable of ['red', 'var(--x)', 'color-mix(in srgb, red, blue)', '#ff000080']) {
      expect(parseColour(unmeasurable)).toBeUndefined()
    }
  })
})
