import { createLatch, createMemoryStorage, type Latch, type Network } from '@latch/core'
import { announceDevWallet, createDevWallet, type DevWallet } from '@latch/dev-wallet'
import { devnetNetwork, startDevnet, type Devnet } from '@latch/devnet'
import { createPublicClient, http, type PublicClient } from 'viem'
import { evmAdapter, type EvmAdapter } from '../evm-adapter.js'

export const DEV_WALLET_RDNS = 'io.latch.devwallet'

export interface Harness {
  devnet: Devnet
  networks: [Network, Network]
  wallet: DevWallet
  adapter: EvmAdapter
  latch: Latch
  /** A plain viem client per chain, to check what really happened on chain. */
  chainA: PublicClient
  chainB: PublicClient
  stop(): Promise<void>
}

/**
 * The real stack with no browser: anvil chains, the dev wallet announced over EIP-6963 on an
 * EventTarget standing in for window, the EVM adapter discovering it, and a Latch instance.
 * The wallet only knows chain A at first, so switching to B takes the 4902 → add → retry path.
 *
 * Pass a `devnet` to share one between tests: each harness then has its own wallet, adapter and
 * Latch (fresh state, nothing connected) on it, and `stop()` leaves the devnet running.
 */
export async function startHarness(shared?: Devnet): Promise<Harness> {
  const devnet = shared ?? (await startDevnet({ env: {} }))
  const stopDevnet = () => (shared ? Promise.resolve() : devnet.stop())
  try {
    const [a, b] = devnet.chains
    const networks = [devnetNetwork(a!), devnetNetwork(b!)] as [Network, Network]
    const wallet = createDevWallet({
      chains: [{ chainId: a!.chainId, name: a!.name, rpcUrl: a!.rpcUrl }],
      privateKeys: devnet.accounts.slice(0, 3).map((account) => account.privateKey),
      assets: { [a!.chainId]: [devnet.contracts[a!.chainId]!.testToken] },
      approval: 'auto-approve',
    })
    const window = new EventTarget() as unknown as Window
    const stopAnnouncing = announceDevWallet(wallet.provider, { target: window })
    const adapter = evmAdapter({ window, pollingInterval: 100 })
    const latch = createLatch(
      { projectId: 'latch-tests', networks, adapters: [adapter] },
      { storage: createMemoryStorage(), clearBrowserData: async () => {} },
    )
    await latch.ready()
    const client = (rpcUrl: string) =>
      createPublicClient({ transport: http(rpcUrl) }) as PublicClient
    return {
      devnet,
      networks,
      wallet,
      adapter,
      latch,
      chainA: client(a!.rpcUrl),
      chainB: client(b!.rpcUrl),
      async stop() {
        latch.destroy()
        adapter.destroy()
        stopAnnouncing()
        await stopDevnet()
      },
    }
  } catch (error) {
    await stopDevnet()
    throw error
  }
}

/** Connects the dev wallet through Latch and waits for the connection machine to settle. */
export async function connectDevWallet(h: Harness): Promise<string> {
  // The host's path: core opens the wallet's waiting view and asks it (no view needed).
  const { acct } = await h.latch.connect({ connectorId: DEV_WALLET_RDNS })
  return acct
}

/** Polls `check` until it is true (real time: these tests talk to real processes). */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 5_000,
): Promise<void> {
  const start = Date.now()
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting for a condition')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
