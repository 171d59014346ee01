import { mergeRemoteFeatures, parseRemoteFeatures } from '../options/remote-features.js'
import type { LatchOptions, ResolvedFeatures } from '../options/schema.js'
import { clearBrowserDatabases, detectStorage } from '../storage/browser-storage.js'
import { createLatchStorage, type StorageReport } from '../storage/latch-storage.js'
import type { StoragePort } from '../storage/storage-port.js'
import { fromPromise } from 'xstate'
import { balanceMachine } from '../balances/balance.machine.js'
import type { LatchIo } from '../flows/port.js'
import { identityMachine, type IdentityRequest } from '../machines/identity.machine.js'
import type { LoadedFlow } from './flow-types.js'
import { disconnected, networkSwitched, nextConnection } from '../flows/host-promises.js'
import { watchAccount } from './account-listeners.js'
import { watchAdapters, watchBalance, watchChildren, watchWalletConnect } from './listeners.js'
import { createPageActions } from './page-actions.js'
import { sessionConnectEvent } from './session-connect.js'
import * as stored from './storage-effects.js'

/*
 * What an instance needs once it starts, and not before: its storage, the listeners that report
 * what the children, the adapters and WalletConnect do, and the effects the chart names. It is
 * its own chunk, loaded by `start()` (`import('./runtime.js')`), so none of it is in a host's
 * start-up JS: a page paints its ConnectButton without it.
 */

export interface RuntimeOptions {
  /** Where to persist; absent: localStorage when usable, else memory (detected now, at start). */
  port?: StoragePort
  prefix: string
  onReport?: (report: StorageReport) => void
  /** SPEC §4 connect failure: what to delete besides Latch's keys (default: its own databases). */
  clearBrowserData?: () => Promise<void>
  /** The flows' runtime parts, loaded beside this chunk (each flow's own). */
  flows: readonly LoadedFlow[]
}

/** The current account's name and avatar reader, asking the instance's Latch server. */
function identityLogic(io: LatchIo) {
  const { account } = io
  if (!account) return identityMachine
  const lookup = fromPromise<Awaited<ReturnType<typeof account.lookupProfile>>, IdentityRequest>(
    ({ input, signal }) => account.lookupProfile(input, signal),
  )
  return identityMachine.provide({ actors: { lookup } })
}

export function createRuntime(options: RuntimeOptions) {
  const storage = createLatchStorage({
    port: options.port ?? detectStorage(),
    prefix: options.prefix,
    ...(options.onReport ? { onReport: options.onReport } : {}),
  })
  return {
    storage,
    flows: options.flows,
    /** The current account's balance reader (the root spawns it, listeners.ts feeds it). */
    balanceLogic: balanceMachine,
    identityLogic,
    watchChildren,
    watchBalance,
    watchAccount,
    watchAdapters,
    watchWalletConnect,
    sessionConnectEvent,
    /** `latch.signMessage` and `latch.sendTransaction`: only a running instance has an account. */
    pageActions: createPageActions,
    nextConnection,
    networkSwitched,
    disconnected,
    rememberConnection: stored.rememberConnection.bind(null, storage),
    forgetConnection: stored.forgetConnection.bind(null, storage),
    forgetCandidates: stored.forgetCandidates.bind(null, storage),
    rememberActiveNetwork: stored.rememberActiveNetwork.bind(null, storage),
    rememberLastUsedChain: stored.rememberLastUsedChain.bind(null, storage),
    reconnectRequest: stored.reconnectRequest.bind(null, storage),
    /** SPEC §3/§8: remote flags over the local ones, and the notice when the host's are ignored. */
    remoteFeatures(
      features: ResolvedFeatures,
      featuresInput: LatchOptions['features'],
      response: unknown,
    ) {
      return mergeRemoteFeatures(features, featuresInput, parseRemoteFeatures(response))
    },
    /**
     * SPEC §4, read as Latch's own stores: its IndexedDB databases and its prefixed keys. The
     * host's databases and keys are never touched. Never rejects.
     */
    async clearOwnData() {
      await (options.clearBrowserData ?? clearBrowserDatabases)().catch(() => undefined)
      storage.clear()
    },
  }
}

/** The started instance's I/O: what `createRuntime` returns. */
export type Runtime = ReturnType<typeof createRuntime>
