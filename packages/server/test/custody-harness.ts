// What the custody tests share: the server's custody key in the environment, and a wallet made
// as the frame makes it (two random shares: the server never combines them).
import { randomBytes } from 'node:crypto'
import {
  CUSTODY_API_PATHS,
  CUSTODY_SHARE_BYTES,
  custodyStatement,
  recoverServerShareResponseSchema,
  recoverVaultShareResponseSchema,
} from '@latch/core/api'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect } from 'vitest'
import { CUSTODY_KEY_ENV } from '../src/custody/context.js'
import type { FrameClient } from './auth-client.js'
import { expectJson, TEST_AUTH_SECRET } from './auth-harness.js'

/** The environment of a server that keeps wallets: both secrets. */
export const CUSTODY_ENV = {
  LATCH_AUTH_SECRET: TEST_AUTH_SECRET,
  [CUSTODY_KEY_ENV]: 'latch-test-custody-key-0123456789abcdef-not-for-prod',
}

/** A random share, as the frame's split makes them. */
export const randomShare = () => randomBytes(CUSTODY_SHARE_BYTES).toString('base64url')

/** What a frame sends to create its wallet. */
export async function walletRequest(userId: string) {
  const account = privateKeyToAccount(generatePrivateKey())
  return {
    address: account.address,
    serverShare: randomShare(),
    vaultShare: randomShare(),
    signature: await account.signMessage({ message: custodyStatement(userId, account.address) }),
  }
}

/** The frame making the account's wallet after its first login: the request it sent. */
export async function createTestWallet(frame: FrameClient, accessToken: string, userId: string) {
  const request = await walletRequest(userId)
  const created = await frame.call(CUSTODY_API_PATHS.wallet, request, { accessToken })
  expect(created.status, await created.clone().text()).toBe(201)
  return { ...request, address: request.address.toLowerCase() }
}

/** Both recovery calls, each answer checked on its own: the shares, from two bodies. */
export async function recoverShares(frame: FrameClient, accessToken: string) {
  const server = await frame.call(CUSTODY_API_PATHS.recoverServerShare, {}, { accessToken })
  const serverBody = await expectJson(server, 200)
  const vault = await frame.call(CUSTODY_API_PATHS.recoverVaultShare, {}, { accessToken })
  const vaultBody = await expectJson(vault, 200)
  // Neither body carries the other share, by any name.
  expect(Object.keys(serverBody ?? {}).sort()).toEqual(['address', 'serverShare'])
  expect(Object.keys(vaultBody ?? {}).sort()).toEqual(['address', 'vaultShare'])
  const { address, serverShare } = recoverServerShareResponseSchema.parse(serverBody)
  const { vaultShare, address: vaultAddress } = recoverVaultShareResponseSchema.parse(vaultBody)
  expect(vaultAddress).toBe(address)
  return { address, serverShare, vaultShare }
}
