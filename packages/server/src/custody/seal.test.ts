import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { deriveCustodyKey, openShare, sealShare } from './seal.js'

const context = { walletId: 'w-1', userId: 'u-1', address: '0x' + 'ab'.repeat(20) }
const share = randomBytes(33).toString('base64url')

describe('the vault share’s envelope', () => {
  it('opens under the same key and context, and hides the share', () => {
    const key = deriveCustodyKey('a'.repeat(32))
    const sealed = sealShare(key, share, context)
    expect(sealed.sealed).not.toContain(share)
    expect(openShare(key, sealed, context)).toBe(share)
    // A fresh nonce each time: the same share never seals to the same bytes.
    expect(sealShare(key, share, context).sealed).not.toBe(sealed.sealed)
  })

  it('does not open under another key, for another wallet, or with a changed byte', () => {
    const key = deriveCustodyKey('a'.repeat(32))
    const other = deriveCustodyKey('b'.repeat(32))
    expect(other.id).not.toBe(key.id)
    const sealed = sealShare(key, share, context)
    expect(openShare(other, sealed, context)).toBeUndefined()
    expect(openShare(key, sealed, { ...context, walletId: 'w-2' })).toBeUndefined()
    expect(openShare(key, sealed, { ...context, userId: 'u-2' })).toBeUndefined()
    const bytes = Buffer.from(sealed.sealed, 'base64url')
    bytes[0] = (bytes[0] ?? 0) ^ 1
    expect(
      openShare(key, { ...sealed, sealed: bytes.toString('base64url') }, context),
    ).toBeUndefined()
    expect(openShare(key, { ...sealed, sealed: '' }, context)).toBeUndefined()
  })
})
