import { proposalNamespaces, type WalletConnectConfig } from '@latch/core'
import { devnetNetwork, startDevnet, type Devnet } from '@latch/devnet'
import { startRelay, type LocalRelay } from '@latch/relay'
import {
  MemoryStorage,
  createWcWallet,
  type WcWallet,
  type WcWalletOptions,
} from '@latch/wc-wallet'
import { createWalletConnectClient, type LatchWalletConnectClient } from '../client.js'
import type { KeyValueStorage, WalletConnectEnvironment } from '../options.js'

/** The local relay and the devnet, shared by one test file. */
export interface Stack {
  relay: LocalRelay
  devnet: Devnet
  /** Clients and wallets made through this stack, closed by {@link Stack.stop}. */
  client(
    options?: { storagePrefix?: string; relayUrl?: string } & WalletConnectEnvironment,
  ): Promise<LatchWalletConnectClient>
  wallet(options?: Partial<WcWalletOptions>): Promise<WcWallet>
  config(storagePrefix: string): WalletConnectConfig
  stop(): Promise<void>
}

let prefixes = 0

/** A storage prefix no other client of this process uses. */
export function uniquePrefix(): string {
  prefixes += 1
  return `latch-test-${process.pid}-${prefixes}`
}

export async function startStack(): Promise<Stack> {
  const [relay, devnet] = await Promise.all([startRelay(), startDevnet()])
  const closers: Array<() => Promise<void>> = []

  const config = (storagePrefix: string): WalletConnectConfig => ({
    projectId: 'latch-test',
    relayUrl: relay.url,
    verifyUrl: relay.verifyUrl,
    metadata: {
      name: 'Latch test dapp',
      description: 'The dapp side of the @latch/walletconnect tests',
      url: 'http://127.0.0.1:5173',
      icons: [],
    },
    optionalNamespaces: proposalNamespaces(devnet.chains.map(devnetNetwork), ['eip155']),
    storagePrefix,
  })

  return {
    relay,
    devnet,
    config,
    async client({ storagePrefix = uniquePrefix(), relayUrl, storage, ...environment } = {}) {
      const settings = { ...config(storagePrefix), ...(relayUrl ? { relayUrl } : {}) }
      const client = await createWalletConnectClient(settings, {
        storage: storage ?? (new MemoryStorage() as KeyValueStorage),
        ...environment,
      })
      closers.push(() => client.close())
      return client
    },
    async wallet(options = {}) {
      const wallet = await createWcWallet({
        relayUrl: relay.url,
        accountIndex: 0,
        rpcUrls: Object.fromEntries(devnet.chains.map((chain) => [chain.chainId, chain.rpcUrl])),
        logLevel: 'silent',
        ...options,
      })
      closers.push(() => wallet.close())
      return wallet
    },
    async stop() {
      await Promise.allSettled(closers.map((close) => close()))
      await Promise.allSettled([relay.stop(), devnet.stop()])
    },
  }
}

/**
 * Pairs `client` with `wallet`: the wallet scans the URI the client shows and approves.
 * Resolves with the client's session.
 */
export async function pairWith(client: LatchWalletConnectClient, wallet: WcWallet) {
  const abort = new AbortController()
  let scanned: Promise<unknown> = Promise.resolve()
  const session = client.pair({
    signal: abort.signal,
    onUri: (uri) => {
      scanned = wallet.pair(uri).then((proposal) => wallet.approve(proposal))
    },
  })
  const result = await session
  await scanned
  return result
}
