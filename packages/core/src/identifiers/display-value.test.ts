import { describe, expect, it } from 'vitest'
import { MAX_DISPLAYED_VALUE_LENGTH, displayValue } from './display-value.js'

describe('displayValue', () => {
  it('shows strings as they are and other values through String()', () => {
    expect(displayValue('eip155:1')).toBe('eip155:1')
    expect(displayValue('')).toBe('')
    expect(displayValue(undefined)).toBe('undefined')
    expect(displayValue(null)).toBe('null')
    expect(displayValue(12.5)).toBe('12.5')
    expect(displayValue(10n)).toBe('10')
    expect(displayValue(Symbol('id'))).toBe('Symbol(id)')
    expect(displayValue({})).toBe('[object Object]')
    expect(displayValue(['a', 'b'])).toBe('a,b')
  })

  it('never throws, even when converting the value does', () => {
    const throwing = {
      toString() {
        throw new Error('boom')
      },
    }
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap')
        },
      },
    )
    expect(displayValue(throwing)).toBe('[object Object]')
    expect(displayValue(Object.create(null))).toBe('[object Object]')
    expect(displayValue(hostile)).toBe('[unprintable value]')
  })

  it('cuts long text to the limit and ends it with an ellipsis', () => {
    const long = 'x'.repeat(1_000_000)
    const shown = displayValue(long)
    expect(shown).toBe(`${'x'.repeat(MAX_DISPLAYED_VALUE_LENGTH)}…`)
    expect(displayValue('y'.repeat(MAX_DISPLAYED_VALUE_LENGTH))).toBe(
      'y'.repeat(MAX_DISPLAYED_VALUE_LENGTH),
    )
  })

  it('never splits a surrogate pair when cutting', () => {
    const text = `${'a'.repeat(MAX_DISPLAYED_VALUE_LENGTH - 1)}😀tail`
    expect(displayValue(text)).toBe(`${'a'.repeat(MAX_DISPLAYED_VALUE_LENGTH - 1)}…`)
  })
})
