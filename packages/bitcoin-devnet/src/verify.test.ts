import { describe, expect, it } from 'vitest'
import { fromHex } from './bitcoin.js'
import { parseStrictDer } from './verify.js'

const bytes = (hex: string) => fromHex(hex)!

describe('parseStrictDer', () => {
  it('reads a canonical signature and refuses BIP-66 violations', () => {
    const good = bytes('3006020101020102')
    expect(parseStrictDer(good)).toEqual({ r: bytes('01'), s: bytes('02') })
    for (const bad of [
      '3106020101020102', // not a sequence
      '3007020101020102', // wrong length
      '3006020181020102', // negative r
      '300702020001020102', // padded r
      '30060200020102', // empty r
    ]) {
      expect(parseStrictDer(bytes(bad))).toBeUndefined()
    }
  })
})
