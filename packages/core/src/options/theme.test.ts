import { describe, expect, it } from 'vitest'
import { isLatchError } from '../errors/latch-error.js'
import { safeParseWith } from '../validation/parse.js'
import { LatchOptionsError } from './options-error.js'
import { changeTheme, themeVariablesSchema, type LatchTheme, type ThemeChange } from './theme.js'

const defaults = (() => {
  const parsed = safeParseWith(themeVariablesSchema, {})
  if (!parsed.success) throw new Error('the defaults must parse')
  return parsed.data
})()
const light: LatchTheme = { themeMode: 'light', themeVariables: defaults }

function refusal(current: LatchTheme, change: ThemeChange): LatchOptionsError {
  try {
    changeTheme(current, change)
  } catch (error) {
    if (error instanceof LatchOptionsError) return error
    throw error
  }
  throw new Error('expected a LatchOptionsError')
}

describe('changeTheme: the mode', () => {
  it('switches between light and dark, keeping the variables', () => {
    const current = { ...light, themeVariables: { ...defaults, '--latch-accent': 'teal' } }
    expect(changeTheme(current, { themeMode: 'dark' })).toEqual({
      themeMode: 'dark',
      themeVariables: current.themeVariables,
    })
  })

  it('refuses anything else, naming themeMode as createLatch does', () => {
    const error = refusal(light, { themeMode: 'blue' })
    expect(isLatchError(error, 'INVALID_OPTIONS')).toBe(true)
    expect(error.message).toBe(
      'Invalid Latch options: themeMode: Invalid option: expected one of "light"|"dark"',
    )
    // Asking for no mode at all is asking for a wrong one.
    expect(refusal(light, { themeMode: undefined }).issues.map((i) => i.path)).toEqual([
      'themeMode',
    ])
  })
})

describe('changeTheme: the variables', () => {
  it('lays the change over the variables in force, keeping the others and the mode', () => {
    const current: LatchTheme = {
      themeMode: 'dark',
      themeVariables: { ...defaults, '--latch-font-family': 'Inter' },
    }
    expect(changeTheme(current, { themeVariables: { '--latch-accent': '#ff0066' } })).toEqual({
      themeMode: 'dark',
      themeVariables: { ...current.themeVariables, '--latch-accent': '#ff0066' },
    })
  })

  it('a key set to undefined goes back to its default', () => {
    const current = {
      ...light,
      themeVariables: { ...defaults, '--latch-font-size-master': '12px' },
    }
    const next = changeTheme(current, { themeVariables: { '--latch-font-size-master': undefined } })
    expect(next.themeVariables['--latch-font-size-master']).toBe('10px')
  })

  it('names each wrong field under themeVariables, as createLatch does', () => {
    const error = refusal(light, {
      themeVariables: {
        '--latch-accent': 'red; } body { display:none',
        '--latch-color-mix-strength': 101,
      },
    })
    expect(error.issues.map((issue) => issue.path).sort()).toEqual([
      'themeVariables.--latch-accent',
      'themeVariables.--latch-color-mix-strength',
    ])
    expect(refusal(light, { themeVariables: { '--latch-accnet': 'red' } }).issues).toEqual([
      { path: 'themeVariables', message: 'Unrecognized key: "--latch-accnet"' },
    ])
  })

  it('refuses a value that is not an object', () => {
    for (const themeVariables of [null, 'dark', ['--latch-accent'], undefined]) {
      expect(refusal(light, { themeVariables }).issues[0]?.path).toBe('themeVariables')
    }
  })
})
