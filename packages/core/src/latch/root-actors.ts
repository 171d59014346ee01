import { fromCallback, fromPromise } from 'xstate'
import type { AdapterRegistry } from '../adapter/registry.js'
import type { AnyFlowList } from '../flows/flow-list.js'
import type { LatchChildren } from '../flows/children.js'
import { accountDataMachine } from '../machines/account-data.machine.js'
import { connectionMachine } from '../machines/connection.machine.js'
import { networkMachine } from '../machines/network.machine.js'
import { selectActiveNetwork } from '../machines/network-rules.js'
import type { ResolvedOptions } from '../options/schema.js'
import { afterNextPaint } from '../platform/after-paint.js'
import { warmUpWhenIdle } from '../platform/when-idle.js'
import type { StoragePort } from '../storage/storage-port.js'
import type { LatchDirectory } from '../wallets/latch-directory.js'
import type { WalletConnectSession } from '../walletconnect/contract.js'
import type { WalletConnectLink } from '../walletconnect/link.js'
import { pairWalletActor } from '../walletconnect/pair-actor.js'
import { walletConnectMachine } from '../walletconnect/walletconnect.machine.js'
import { accountDataActors, type AccountServices } from './account-services.js'
import { connectionActors, networkActors } from './adapter-actors.js'
import type { LatchAuth } from '../auth/latch-auth.js'
import { loadFlows } from './host-context.js'
import type { LatchEnvironment } from './latch-api.js'

/** What the root's actors are made from: the instance's options, its I/O and its flows. */
export interface RootActorDeps {
  flows: AnyFlowList
  env: LatchEnvironment
  options: ResolvedOptions
  registry: AdapterRegistry
  walletConnectLink: WalletConnectLink
  auth: LatchAuth
  account: AccountServices | undefined
  directory: LatchDirectory
  storagePort: StoragePort | undefined
  /** The network machine, read when a reconnect runs (the instance is started by then). */
  network: () => LatchChildren['network']
  fetchProjectConfig?: (signal: AbortSignal) => Promise<unknown>
}

/**
 * The root's actors with the instance's I/O (`latchMachine.provide({ actors })`): the
 * children's adapters, the runtime chunk's loader, the server's configuration.
 */
export function rootActors(deps: RootActorDeps) {
  const { flows, env, options, registry, walletConnectLink, auth, account, directory } = deps
  const { storagePort, network, fetchProjectConfig } = deps
  return {
    // Issue 16: the wallet lists' data, loaded at idle so the first open has nothing to wait
    // for; the root then loads the list itself when the next open would show it.
    warmWalletList: fromCallback(({ sendBack }) =>
      warmUpWhenIdle(() => {
        void directory.client.prefetch()
        sendBack({ type: 'WALLET_LIST_WANTED' })
      }),
    ),
    connection: connectionMachine.provide({
      // The restored network of a namespace, for wallets without a chain of their own.
      actors: connectionActors(
        registry,
        walletConnectLink,
        (namespace) => selectActiveNetwork(network().getSnapshot(), namespace),
        auth,
      ),
    }),
    network: networkMachine.provide({ actors: networkActors(registry) }),
    accountData: accountDataMachine.provide({ actors: accountDataActors(account) }),
    walletConnect: walletConnectMachine.provide({
      actors: { pairWallet: pairWalletActor(walletConnectLink) },
    }),
    attachSession: fromPromise<WalletConnectSession, WalletConnectSession>(async ({ input }) => {
      await walletConnectLink.attach(input)
      return input
    }),
    // The I/O's own chunk: a dynamic import, so none of it is in the host's start-up JS. Asked
    // after the next paint: a bundler's module preloads for it cost the connect button ~50 ms.
    loadRuntime: fromPromise(() =>
      afterNextPaint()
        .then(() => Promise.all([import('./runtime.js'), loadFlows(flows)]))
        .then(([{ createRuntime }, loadedFlows]) =>
          createRuntime({
            flows: loadedFlows,
            ...(storagePort ? { port: storagePort } : {}),
            prefix: options.storageKeyPrefix,
            ...(env.onStorageReport ? { onReport: env.onStorageReport } : {}),
            ...(env.clearBrowserData ? { clearBrowserData: env.clearBrowserData } : {}),
          }),
        ),
    ),
    // SPEC §7: the project's features from its Latch server (or the environment's stand-in).
    ...(fetchProjectConfig
      ? { fetchProjectConfig: fromPromise(({ signal }) => fetchProjectConfig(signal)) }
      : {}),
  }
}
