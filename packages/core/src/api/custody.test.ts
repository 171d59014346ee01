import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import {
  createWalletRequestSchema,
  CUSTODY_SHARE_BYTES,
  custodyErrorSchema,
  custodyShareSchema,
  custodyStatement,
  custodyStatusResponseSchema,
  recoverServerShareResponseSchema,
  recoverVaultShareResponseSchema,
} from './index.js'

const share = (fill: number) =>
  Buffer.from(new Uint8Array(CUSTODY_SHARE_BYTES).fill(fill)).toString('base64url')
const address = '0x' + 'Ab'.repeat(20)
const signature = '0x' + '1f'.repeat(65)

describe('custody schemas', () => {
  it('take a share of exactly 33 bytes in base64url', () => {
    expect(z.safeParse(custodyShareSchema, share(7)).success).toBe(true)
    const short = Buffer.from(new Uint8Array(32)).toString('base64url')
    const long = Buffer.from(new Uint8Array(34)).toString('base64url')
    for (const bad of [short, long, share(7).replace('B', '+'), '', 33]) {
      expect(z.safeParse(custodyShareSchema, bad).success).toBe(false)
    }
  })

  it('lower-case the address, and refuse any other field (a key can never ride along)', () => {
    const body = { address, serverShare: share(1), vaultShare: share(2), signature }
    expect(z.parse(createWalletRequestSchema, body).address).toBe(address.toLowerCase())
    expect(z.safeParse(createWalletRequestSchema, { ...body, privateKey: '0x01' }).success).toBe(
      false,
    )
    expect(z.safeParse(createWalletRequestSchema, { ...body, signature: '0x12' }).success).toBe(
      false,
    )
    expect(z.safeParse(createWalletRequestSchema, { ...body, address: '0x12' }).success).toBe(false)
  })

  it('read a status with or without a wallet, and each recovered share in its own body', () => {
    expect(z.parse(custodyStatusResponseSchema, { wallet: null })).toEqual({ wallet: null })
    expect(z.parse(custodyStatusResponseSchema, { wallet: { address } })).toEqual({
      wallet: { address: address.toLowerCase() },
    })
    expect(
      z.parse(recoverServerShareResponseSchema, { address, serverShare: share(1) }).serverShare,
    ).toBe(share(1))
    expect(
      z.parse(recoverVaultShareResponseSchema, { address, vaultShare: share(2) }).vaultShare,
    ).toBe(share(2))
    expect(
      z.safeParse(recoverVaultShareResponseSchema, { address, serverShare: share(1) }).success,
    ).toBe(false)
  })

  it('read custody and auth error codes alike', () => {
    expect(z.parse(custodyErrorSchema, { error: 'x', code: 'WALLET_EXISTS' }).code).toBe(
      'WALLET_EXISTS',
    )
    expect(z.parse(custodyErrorSchema, { error: 'x', code: 'SESSION_EXPIRED' }).code).toBe(
      'SESSION_EXPIRED',
    )
    expect(z.safeParse(custodyErrorSchema, { error: 'x', code: 'NOPE' }).success).toBe(false)
  })

  it('name the user and the lower-cased address in the statement the key signs', () => {
    const statement = custodyStatement('u-1', address)
    expect(statement).toContain('User: u-1')
    expect(statement).toContain(`Address: ${address.toLowerCase()}`)
  })
})
