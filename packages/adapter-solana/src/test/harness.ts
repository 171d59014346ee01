import './window.js'
import type { AdapterEvent, Network } from '@latch/core'
import { solanaDevnetAccounts } from '@latch/solana-devnet'
import { registerWallet } from '@wallet-standard/wallet'
import { createTestWallet, type TestWallet, type TestWalletOptions } from './test-wallet.js'

let count = 0

/** A name no other test uses: the Wallet Standard registry lives as long as the test file. */
export function uniqueName(label: string): string {
  count += 1
  return `Latch Test ${label} ${count}`
}

/**
 * A test wallet registered the way a real one registers: `registerWallet`, which dispatches
 * `wallet-standard:register-wallet` on the window stand-in. Defaults: the devnet's accounts 1–4
 * (account 0 is the mints' authority), on `solana:localnet`, an RPC that is never called.
 */
export async function registerTestWallet(
  options: Partial<TestWalletOptions> & { label: string },
): Promise<TestWallet> {
  const wallet = await createTestWallet({
    name: options.name ?? uniqueName(options.label),
    keypairs: options.keypairs ?? solanaDevnetAccounts().slice(1),
    rpcUrl: options.rpcUrl ?? 'http://127.0.0.1:9',
    chain: options.chain ?? 'solana:localnet',
    ...(options.signOnly ? { signOnly: true } : {}),
    ...(options.withoutEvents ? { withoutEvents: true } : {}),
    ...(options.signIn ? { signIn: true } : {}),
  })
  registerWallet(wallet)
  return wallet
}

/** Collects what the adapter reports, for assertions. */
export function recordEvents(adapter: { subscribe(l: (e: AdapterEvent) => void): () => void }) {
  const events: AdapterEvent[] = []
  adapter.subscribe((event) => events.push(event))
  return events
}

/** A `solana:localnet` network whose RPC is never called (connection tests ask no node). */
export const localnet: Network = {
  id: 'localnet',
  caipNetworkId: 'solana:localnet',
  chainNamespace: 'solana',
  name: 'Localnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
}
