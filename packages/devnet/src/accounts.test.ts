import { keccak256, stringToBytes, toHex } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import {
  DEVNET_ACCOUNT_COUNT,
  DEVNET_LIQUIDITY_ACCOUNT,
  DEVNET_LIQUIDITY_KEY_SEED,
  DEVNET_MNEMONIC,
  devnetAccounts,
} from './accounts.js'

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

describe('DEVNET_LIQUIDITY_ACCOUNT', () => {
  it('is the key keccak256 of its seed gives, and none of the test accounts', () => {
    const key = keccak256(stringToBytes(DEVNET_LIQUIDITY_KEY_SEED))
    expect(DEVNET_LIQUIDITY_ACCOUNT.privateKey).toBe(key)
    expect(DEVNET_LIQUIDITY_ACCOUNT.address).toBe(privateKeyToAccount(key).address)
    expect(devnetAccounts.map((account) => account.address)).not.toContain(
      DEVNET_LIQUIDITY_ACCOUNT.address,
    )
  })
})
