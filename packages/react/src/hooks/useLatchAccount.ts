import { selectAccountState, type AccountData, type AccountState } from '@latch/core'
import { useLatch } from './useLatch.js'
import { useSharedSelector } from './useSelector.js'

/**
 * SPEC §3: the account state exposed to the host (address, allAccounts, caipAddress, isConnected,
 * status, and for an email or social login embeddedWalletInfo).
 */
export function useLatchAccount(): AccountState {
  return useSharedSelector(useLatch().connection, selectAccountState)
}

const NO_DATA: AccountData = {}

/** Balance and profile of the current account's namespace, as core last read them. */
export function useLatchAccountData(): AccountData {
  return useSharedSelector(useLatch().connection, (snapshot) => {
    const current = snapshot.context.current
    return (current && snapshot.context.accountData[current.namespace]) ?? NO_DATA
  })
}
