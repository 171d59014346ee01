import './test/window.js'
import { proposalNamespaces, type Network, type RemoteProvider } from '@latch/core'
import { startRelay, type LocalRelay } from '@latch/relay'
import { solanaDevnetNetwork, startSolanaDevnet, type SolanaDevnet } from '@latch/solana-devnet'
import {
  createWalletConnectClient,
  type KeyValueStorage,
  type LatchWalletConnectClient,
} from '@latch/walletconnect/client'
import {
  createWcWallet,
  MemoryStorage,
  type WcWallet,
  type WcWalletOptions,
} from '@latch/wc-wallet'
import {
  address,
  createSolanaRpc,
  getBase58Encoder,
  getPublicKeyFromAddress,
  signatureBytes,
  signature as toSignature,
  verifySignature,
} from '@solana/kit'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { solanaAdapter } from './index.js'
import { recordEvents } from './test/harness.js'

// The WalletConnect proof in Node: Latch's own WalletConnect client proposes the `solana`
// namespace built by core from a Solana network (as `createLatch` does), the real sign-client
// test wallet approves it on the local relay, and the adapter uses the session like any Solana
// wallet against the local chain.

let relay: LocalRelay
let devnet: SolanaDevnet
let network: Network
beforeAll(async () => {
  ;[relay, devnet] = await Promise.all([startRelay(), startSolanaDevnet({ port: 0 })])
  network = solanaDevnetNetwork(devnet)
}, 60_000)
afterAll(async () => {
  await Promise.allSettled([relay?.stop(), devnet?.stop()])
})

const closers: Array<() => Promise<unknown>> = []
afterEach(async () => {
  await Promise.allSettled(closers.splice(0).map((close) => close()))
})

const WC = 'walletConnect'
let prefixes = 0

/** A paired session: the dapp's client, the wallet, and the session's `solana` provider. */
async function paired(policy: WcWalletOptions['policy'] = {}) {
  const holder = devnet.accounts[3]!
  const wallet: WcWallet = await createWcWallet({
    relayUrl: relay.url,
    accountIndex: 0,
    // No EVM chain runs here: the wallet's EVM rpc url is never called.
    rpcUrls: { 31337: 'http://127.0.0.1:9' },
    solana: { rpcUrl: devnet.rpcUrl, secretKey: holder.secretKey },
    logLevel: 'silent',
    policy: { proposals: 'approve', ...policy },
  })
  closers.push(() => wallet.close())
  prefixes += 1
  const client: LatchWalletConnectClient = await createWalletConnectClient(
    {
      projectId: 'latch-test',
      relayUrl: relay.url,
      verifyUrl: relay.verifyUrl,
      metadata: { name: 'Latch test dapp', description: '', url: 'http://127.0.0.1', icons: [] },
      optionalNamespaces: proposalNamespaces([network], ['solana']),
      storagePrefix: `latch-adapter-solana-${process.pid}-${prefixes}`,
    },
    { storage: new MemoryStorage() as KeyValueStorage },
  )
  closers.push(() => client.close())
  const session = await client.pair({
    signal: new AbortController().signal,
    onUri: (uri) => void wallet.pair(uri),
  })
  const adapter = solanaAdapter()
  closers.push(async () => adapter.destroy())
  const provider: RemoteProvider = client.providerFor('solana')
  adapter.setRemoteProvider!(WC, provider)
  return { wallet, client, session, adapter, holder }
}

const lamportsOf = async (owner: string) =>
  (await createSolanaRpc(devnet.rpcUrl).getBalance(address(owner)).send()).value

describe('a WalletConnect session in the solana namespace, with the real wallet', () => {
  it('the wallet approves solana:localnet; the adapter connects to its account', async () => {
    const { session, adapter, holder } = await paired()
    expect(session.accounts.solana).toEqual([`solana:localnet:${holder.address}`])
    const result = await adapter.connect({ connectorId: WC, network })
    expect(result).toEqual({
      connectorId: WC,
      accounts: [{ address: holder.address, type: 'eoa' }],
      chainReference: 'localnet',
    })
    expect((await adapter.reconnect({ connectorId: WC }))?.accounts).toEqual(result.accounts)
  })

  it('signs a message: the base58 signature verifies against the account’s key', async () => {
    const { adapter, holder } = await paired()
    await adapter.connect({ connectorId: WC, network })
    const message = 'Hello from the Latch playground'
    const signature = await adapter.signMessage({
      connectorId: WC,
      address: holder.address,
      message,
    })
    const key = await getPublicKeyFromAddress(address(holder.address))
    const bytes = signatureBytes(getBase58Encoder().encode(signature))
    expect(await verifySignature(key, bytes, new TextEncoder().encode(message))).toBe(true)
  })

  it('sends SOL with solana_signAndSendTransaction: confirmed, and the balances move', async () => {
    const { adapter, wallet, holder } = await paired()
    await adapter.connect({ connectorId: WC, network })
    const to = devnet.accounts[4]!.address
    const request = { connectorId: WC, network, from: holder.address, to, value: 123_456n }
    const fee = await adapter.estimateFee(request)
    const [fromBefore, toBefore] = [await lamportsOf(holder.address), await lamportsOf(to)]

    const sent = await adapter.sendTransaction(request)

    const { value } = await createSolanaRpc(devnet.rpcUrl)
      .getSignatureStatuses([toSignature(sent)])
      .send()
    expect(value[0]).toMatchObject({ err: null })
    expect(await lamportsOf(to)).toBe(toBefore + 123_456n)
    expect(await lamportsOf(holder.address)).toBe(fromBefore - 123_456n - fee)
    expect(wallet.requests.map((r) => [r.method, r.chainId, r.status])).toContainEqual([
      'solana_signAndSendTransaction',
      'solana:localnet',
      'approved',
    ])
  })

  it('a rejection in the wallet rejects with its 4001, and nothing is signed', async () => {
    const { adapter, wallet, holder } = await paired({ requests: 'manual' })
    // The accounts were granted with the session: connecting asks no one, even in manual mode.
    await adapter.connect({ connectorId: WC, network })
    const signing = adapter
      .signMessage({ connectorId: WC, address: holder.address, message: 'no' })
      .catch((error: unknown) => error)
    const pending = await wallet.waitForRequest()
    expect(pending.method).toBe('solana_signMessage')
    await wallet.rejectRequest(pending.id)
    expect(await signing).toMatchObject({ code: 4001 })
  })

  it('the wallet ends the session: the adapter reports a disconnection', async () => {
    const { adapter, wallet, session } = await paired()
    const events = recordEvents(adapter)
    await adapter.connect({ connectorId: WC, network })
    await wallet.deleteSession(session.topic)
    await expect.poll(() => events).toContainEqual({ type: 'disconnect', connectorId: WC })
  })
})
