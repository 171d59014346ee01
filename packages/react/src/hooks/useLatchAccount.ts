import { selectAccountState, type AccountData, type AccountState } from '@latch/core'
import { useSelector } from '@xstate/react'
import { sameJson } from './equal.js'
import { useLatch } from './useLatch.js'

/** SPEC §3: the account state exposed to the host (address, allAccounts, caipAddress, isConnected, status). */
export function useLatchAccount(): AccountState {
  return useSelector(useLatch().connection, selectAccountState, sameJson)
}

/** Balance and profile of the current account's namespace, as core last read them. */
export function useLatchAccountData(): AccountData {
  const latch = useLatch()
  return useSelector(
    latch.connection,
    (snapshot) => {
      const current = snapshot.context.current
      return (current && snapshot.context.accountData[current.namespace]) ?? {}
    },
    sameJson,
  )
}
