import { createHash } from 'node:crypto'
import { createKeyPairSignerFromBytes, createKeyPairSignerFromPrivateKeyBytes } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import {
  SOLANA_DEVNET_ACCOUNT_COUNT,
  SOLANA_DEVNET_KEYPAIR_LISTING,
  SOLANA_DEVNET_SEED_PREFIX,
  solanaDevnetAccounts,
  solanaDevnetMintKeypairs,
} from './accounts.js'
import { TEST_SPL_TOKEN, TEST_TOKEN_2022 } from './tokens.js'

describe('the fixed keypairs', () => {
  it.each(SOLANA_DEVNET_KEYPAIR_LISTING)(
    '$name: seed and address derive from its name',
    async (entry) => {
      const seed = createHash('sha256')
        .update(`${SOLANA_DEVNET_SEED_PREFIX} ${entry.name}`)
        .digest()
      expect(seed.toString('hex')).toBe(entry.seed)
      const signer = await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(seed))
      expect(signer.address).toBe(entry.address)
    },
  )

  it('hands out 64-byte secret keys that kit signs with, as fresh copies', async () => {
    const accounts = solanaDevnetAccounts()
    expect(accounts).toHaveLength(SOLANA_DEVNET_ACCOUNT_COUNT)
    for (const account of accounts) {
      expect(account.secretKey).toHaveLength(64)
      expect((await createKeyPairSignerFromBytes(account.secretKey)).address).toBe(account.address)
    }
    accounts[0]!.secretKey.fill(0)
    expect(solanaDevnetAccounts()[0]!.secretKey.some((byte) => byte !== 0)).toBe(true)
  })

  it('creates the test mints at the mint keypairs', () => {
    const mints = solanaDevnetMintKeypairs()
    expect(TEST_SPL_TOKEN.address).toBe(mints.splToken.address)
    expect(TEST_TOKEN_2022.address).toBe(mints.token2022.address)
  })
})
