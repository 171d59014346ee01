import { toHex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { DEVNET_ACCOUNT_COUNT, DEVNET_MNEMONIC, devnetAccounts } from './accounts.js'

describe('devnetAccounts', () => {
  it('are the accounts anvil derives from its default mnemonic, in order', () => {
    expect(devnetAccounts).toHaveLength(DEVNET_ACCOUNT_COUNT)
    devnetAccounts.forEach((account, addressIndex) => {
      const derived = mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex })
      expect(account.address).toBe(derived.address)
      expect(account.privateKey).toBe(toHex(derived.getHdKey().privateKey!))
    })
  })
})
