import { describe, expect, it } from 'vitest'
import { parsePort, parsePositiveInteger, portFromEnv } from './ports.js'

describe('parsePort', () => {
  it('reads 1 to 65535, written in digits only', () => {
    expect(parsePort('1', '--port')).toBe(1)
    expect(parsePort('65535', '--port')).toBe(65_535)
  })

  it.each(['0', '65536', 'http', '0x10', '8545.5', '-1', ''])(
    "refuses '%s', naming where it came from",
    (raw) => {
      expect(() => parsePort(raw, '--port')).toThrow(
        `--port must be a TCP port (1-65535), got '${raw}'`,
      )
    },
  )
})

describe('portFromEnv', () => {
  it('reads the named variable, trimmed; unset or blank pins nothing', () => {
    expect(portFromEnv('LATCH_X_PORT', { LATCH_X_PORT: ' 8899 ' })).toBe(8899)
    expect(portFromEnv('LATCH_X_PORT', {})).toBeUndefined()
    expect(portFromEnv('LATCH_X_PORT', { LATCH_X_PORT: '  ' })).toBeUndefined()
  })

  it('names the variable when it is not a port', () => {
    expect(() => portFromEnv('LATCH_X_PORT', { LATCH_X_PORT: '99999' })).toThrow(
      "LATCH_X_PORT must be a TCP port (1-65535), got '99999'",
    )
  })
})

describe('parsePositiveInteger', () => {
  it('reads a whole number above zero, and nothing when the option is absent', () => {
    expect(parsePositiveInteger('3', '--block-time', 'seconds')).toBe(3)
    expect(parsePositiveInteger(undefined, '--block-time', 'seconds')).toBeUndefined()
  })

  it.each(['0', '-2', '1.5', 'soon'])("refuses '%s' with the option and its unit", (raw) => {
    expect(() => parsePositiveInteger(raw, '--slot-interval', 'milliseconds')).toThrow(
      '--slot-interval must be a positive whole number of milliseconds',
    )
  })
})
