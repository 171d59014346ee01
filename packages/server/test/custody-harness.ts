// What the custody tests share: the server's custody key in the environment, and a wallet made
// as the frame makes it (two random shares: the server never combines them).
import { randomBytes } from 'node:crypto'
import { CUSTODY_API_PATHS, CUSTODY_SHARE_BYTES, custodyStatement } from '@latch/core/api'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect } from 'vitest'
import { CUSTODY_KEY_ENV } from '../src/custody/context.js'
import type { FrameClient } from './auth-client.js'
import { TEST_AUTH_SECRET } from './auth-harness.js'

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
