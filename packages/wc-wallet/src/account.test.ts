import { DEVNET_MNEMONIC as DEVNET_PACKAGE_MNEMONIC, devnetAccounts } from '@latch/devnet'
import { describe, expect, it } from 'vitest'
import { DEVNET_MNEMONIC, resolveAccount } from './account.js'

describe('resolveAccount', () => {
  it("uses the devnet's mnemonic, so an index names the devnet's funded account", () => {
    expect(DEVNET_MNEMONIC).toBe(DEVNET_PACKAGE_MNEMONIC)
    expect(resolveAccount({ accountIndex: 9 }).address).toBe(devnetAccounts[9]!.address)
  })

  it('holds a given private key', () => {
    expect(resolveAccount({ privateKey: devnetAccounts[2]!.privateKey }).address).toBe(
      devnetAccounts[2]!.address,
    )
  })
})
