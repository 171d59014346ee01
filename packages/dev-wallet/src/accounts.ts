import { isAddressEqual, isHex, type Address, type Hex, type PrivateKeyAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/** The wallet's local accounts and which one is selected. */
export interface AccountBook {
  replace(privateKeys: Hex[]): void
  select(index: number): void
  selected(): PrivateKeyAccount
  /** All addresses, the selected one first (what eth_accounts returns). */
  addresses(): Address[]
  /** The account with this address, whatever its case; undefined when it is not ours. */
  find(address: unknown): PrivateKeyAccount | undefined
}

function toAccounts(privateKeys: Hex[]): PrivateKeyAccount[] {
  if (privateKeys.length === 0) throw new TypeError('the dev wallet needs at least one private key')
  return privateKeys.map((key, index) => {
    if (!isHex(key) || key.length !== 66) {
      throw new TypeError(`private key ${index} is not 32 bytes of 0x-prefixed hex`)
    }
    return privateKeyToAccount(key)
  })
}

export function createAccountBook(privateKeys: Hex[]): AccountBook {
  let accounts = toAccounts(privateKeys)
  let index = 0
  return {
    replace(keys) {
      accounts = toAccounts(keys)
      index = 0
    },
    select(next) {
      if (!Number.isInteger(next) || next < 0 || next >= accounts.length) {
        throw new RangeError(`no account at index ${next}; there are ${accounts.length}`)
      }
      index = next
    },
    selected: () => accounts[index]!,
    addresses() {
      const selected = accounts[index]!
      return [selected, ...accounts.filter((account) => account !== selected)].map(
        (account) => account.address,
      )
    },
    find(address) {
      if (typeof address !== 'string' || !isHex(address) || address.length !== 42) return undefined
      return accounts.find((account) => isAddressEqual(account.address, address))
    },
  }
}
