import type { ThemeMode } from '@latch/frame'
import * as z from 'zod/mini'

// SYNC_THEME on the approval UI. The host's theme makes the prompt look like its modal, but the
// host is also who the prompt guards against: a theme must never make the prompt's text hard to
// read (a transparent foreground, text the colour of its background, a see-through background
// the host paints behind). So the frame takes only the few variables its UI uses, reads their
// colours itself, and keeps the host's text colours only when they contrast enough; otherwise the
// frame's own palette for the mode is used.

/** WCAG 2's AA contrast for normal text: the prompt's text is 12 to 16 px. */
export const MIN_TEXT_CONTRAST = 4.5

/** A colour as the frame measures it: sRGB channels, 0 to 255, always opaque. */
export interface Rgb {
  r: number
  g: number
  b: number
}

/** The approval UI's colours, all opaque. */
export interface Palette {
  foreground: Rgb
  background: Rgb
  /** Approve's background. */
  accent: Rgb
}

const WHITE: Rgb = { r: 255, g: 255, b: 255 }
const BLACK: Rgb = { r: 0, g: 0, b: 0 }

/** The frame's own colours, for each mode (each pair far above {@link MIN_TEXT_CONTRAST}). */
export const FRAME_PALETTES: Record<ThemeMode, Palette> = {
  light: {
    foreground: { r: 31, g: 31, b: 31 },
    background: WHITE,
    accent: { r: 37, g: 99, b: 235 },
  },
  dark: {
    foreground: { r: 242, g: 242, b: 242 },
    background: { r: 31, g: 31, b: 31 },
    accent: { r: 37, g: 99, b: 235 },
  },
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i
const RGB = /^rgb\(\s*(\d{1,3})\s*[,\s]\s*(\d{1,3})\s*[,\s]\s*(\d{1,3})\s*\)$/i

/**
 * An opaque colour the frame can measure: `#rgb`, `#rrggbb`, `rgb(r, g, b)`. Anything else
 * (`transparent`, an alpha, a named colour, `var()`, `color-mix()`…) is not taken: the frame
 * could not tell what it looks like.
 */
export function parseColour(text: string): Rgb | undefined {
  const value = text.trim()
  if (HEX.test(value)) {
    const digits =
      value.length === 4 ? [...value.slice(1)].map((d) => d + d).join('') : value.slice(1)
    const channel = (at: number) => parseInt(digits.slice(at, at + 2), 16)
    return { r: channel(0), g: channel(2), b: channel(4) }
  }
  const match = RGB.exec(value)
  if (!match) return undefined
  const [r, g, b] = match.slice(1).map(Number)
  if (r === undefined || g === undefined || b === undefined || Math.max(r, g, b) > 255)
    return undefined
  return { r, g, b }
}

/** WCAG 2's relative luminance. */
function luminance({ r, g, b }: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/** WCAG 2's contrast ratio of two colours, 1 to 21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05)
}

/** Black or white, whichever reads better on `background` (at least 4.58:1 on any colour). */
export function textOn(background: Rgb): Rgb {
  return contrast(WHITE, background) >= contrast(BLACK, background) ? WHITE : BLACK
}

export const cssColour = ({ r, g, b }: Rgb) => `rgb(${r}, ${g}, ${b})`

/** A host colour, or nothing when the frame cannot measure it. */
const colour = z.catch(
  z.optional(
    z.pipe(
      z.string(),
      z.transform((text: string) => parseColour(text)),
    ),
  ),
  undefined,
)

/**
 * The variables the approval UI uses, as the frame reads them: the rest of the host's theme is
 * for the modal, and is dropped. A radius is a length in px (the stylesheet caps it, so a round
 * box cannot clip the text's corners off its background).
 */
const hostThemeSchema = z.object({
  '--latch-foreground': colour,
  '--latch-background': colour,
  '--latch-accent': colour,
  '--latch-border-radius-master': z.catch(
    z.optional(
      z.pipe(
        z.union([
          z.string().check(z.regex(/^\d{1,3}(\.\d{1,3})?px$/)),
          z.number().check(z.gte(0), z.lte(999)),
        ]),
        z.transform((value: string | number) => (typeof value === 'number' ? `${value}px` : value)),
      ),
    ),
    undefined,
  ),
})

/** What SYNC_THEME carries (`@latch/frame` checked its shape). */
export interface SyncedTheme {
  themeMode?: ThemeMode
  themeVariables?: Record<string, string | number>
}

/**
 * The palette for the host's variables in `mode`: each host colour the frame can measure, the
 * frame's own for the rest; the text's pair falls back to the frame's own whole when it would
 * contrast less than {@link MIN_TEXT_CONTRAST}.
 */
export function resolvePalette(
  variables: Record<string, string | number>,
  mode: ThemeMode,
): Palette {
  const host = hostThemeSchema.parse(variables)
  const own = FRAME_PALETTES[mode]
  const foreground = host['--latch-foreground'] ?? own.foreground
  const background = host['--latch-background'] ?? own.background
  const readable = contrast(foreground, background) >= MIN_TEXT_CONTRAST
  return {
    foreground: readable ? foreground : own.foreground,
    background: readable ? background : own.background,
    accent: host['--latch-accent'] ?? own.accent,
  }
}

/**
 * The approval UI's theme on `root`: the frame's own palette at once, then each SYNC_THEME's. A
 * SYNC_THEME without a mode keeps the last one (or the visitor's system preference); one without
 * variables keeps the last ones. The colours go on `root` as plain values, which the stylesheet
 * uses and nothing from the host can override.
 */
export function frameTheme(root: HTMLElement, prefersDark: () => boolean = () => false) {
  let mode: ThemeMode | undefined
  let variables: Record<string, string | number> = {}
  const draw = () => {
    const current = mode ?? (prefersDark() ? 'dark' : 'light')
    const palette = resolvePalette(variables, current)
    const radius = hostThemeSchema.parse(variables)['--latch-border-radius-master']
    root.ownerDocument.documentElement.dataset.theme = current
    root.style.colorScheme = current
    root.style.color = cssColour(palette.foreground)
    root.style.backgroundColor = cssColour(palette.background)
    root.style.setProperty('--latch-frame-foreground', cssColour(palette.foreground))
    root.style.setProperty('--latch-frame-accent', cssColour(palette.accent))
    root.style.setProperty('--latch-frame-on-accent', cssColour(textOn(palette.accent)))
    if (radius) root.style.setProperty('--latch-frame-radius', radius)
    else root.style.removeProperty('--latch-frame-radius')
  }
  draw()
  return {
    /** SYNC_THEME. */
    apply(theme: SyncedTheme): void {
      if (theme.themeMode) mode = theme.themeMode
      if (theme.themeVariables) variables = theme.themeVariables
      draw()
    },
  }
}
