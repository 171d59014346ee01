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
 */
export async function startHarness(): Promise<Harness> {
  const devnet = await startDevnet({ env: {} })
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
    latch.start()
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
        await devnet.stop()
      },
    }
  } catch (error) {
    await devnet.stop()
    throw error
  }
}

/** Connects the dev wallet through Latch and waits for the connection machine to settle. */
export async function connectDevWallet(h: Harness): Promise<string> {
  const connector = h.latch.actor
    .getSnapshot()
    .context.connectors.eip155?.find((c) => c.id === DEV_WALLET_RDNS)
  if (!connector) throw new Error('dev wallet not discovered')
  h.latch.connection.send({ type: 'CONNECT', connector, namespace: 'eip155' })
  await until(() => h.latch.getAccount().isConnected)
  return h.latch.getAccount().address!
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
