import * as z from 'zod/mini'
import { safeParseWith } from '../validation/parse.js'
import { LatchOptionsError } from './options-error.js'

/** SPEC §3 theme sync / §5: the theme mode is light or dark. */
export const themeModeSchema = z.enum(['light', 'dark'])
export type ThemeMode = z.output<typeof themeModeSchema>

/** Text that goes into a CSS custom property: one value, nothing that could end a declaration. */
const cssValue = z
  .string()
  .check(z.minLength(1), z.regex(/^[^;{}<>]*$/, 'Must be a single CSS value (no ; { } < >)'))

/** CSS custom-property overrides for the modal and the ConnectButton. Unknown keys are an error. */
export const themeVariablesSchema = z.strictObject({
  '--latch-font-family': z.optional(cssValue),
  '--latch-accent': z.optional(cssValue),
  '--latch-color-mix': z.optional(cssValue),
  /** Percentage of `--latch-color-mix` blended in, 0 to 100. */
  '--latch-color-mix-strength': z.optional(z.number().check(z.gte(0), z.lte(100))),
  '--latch-font-size-master': z._default(cssValue, '10px'),
  '--latch-border-radius-master': z._default(cssValue, '4px'),
  '--latch-z-index': z._default(z.int(), 999),
})

/** What a host may pass for the theme variables (`createLatch`'s option, `setThemeVariables`). */
export type ThemeVariables = z.input<typeof themeVariablesSchema>

/** Theme variables with every default applied. */
export type ResolvedThemeVariables = z.output<typeof themeVariablesSchema>

/** The theme in force: set at `createLatch`, changed live with `setThemeMode`/`setThemeVariables`. */
export interface LatchTheme {
  readonly themeMode: ThemeMode
  readonly themeVariables: ResolvedThemeVariables
}

/** A change to the theme, as the host asks for it: unchecked. */
export interface ThemeChange {
  themeMode?: unknown
  themeVariables?: unknown
}

// Under the options' own names, so an error names the field as createLatch's would.
const themeSchema = z.strictObject({
  themeMode: themeModeSchema,
  themeVariables: themeVariablesSchema,
})

/**
 * The theme after the host's change, checked whole. The variables are laid over the ones in
 * force (AppKit's `setThemeVariables` merges too), so setting the accent keeps the font; a key
 * set to `undefined` is removed, or back to its default when it has one.
 *
 * @throws LatchOptionsError naming each wrong field, e.g.
 *   `Invalid Latch options: themeMode: Invalid option: expected one of "light"|"dark"` or
 *   `themeVariables.--latch-accent: …` (`themeVariables` itself when it is not an object).
 */
export function changeTheme(current: LatchTheme, change: ThemeChange): LatchTheme {
  const variables = change.themeVariables
  const mergeable = typeof variables === 'object' && variables !== null && !Array.isArray(variables)
  const result = safeParseWith(themeSchema, {
    themeMode: 'themeMode' in change ? change.themeMode : current.themeMode,
    themeVariables: mergeable
      ? { ...current.themeVariables, ...variables }
      : 'themeVariables' in change
        ? variables
        : current.themeVariables,
  })
  if (!result.success) throw new LatchOptionsError('INVALID_OPTIONS', result.issues)
  return result.data
}
