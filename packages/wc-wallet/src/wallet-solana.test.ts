import { startRelay, type LocalRelay } from '@latch/relay'
import { startSolanaDevnet, type SolanaDevnet } from '@latch/solana-devnet'
import { solanaDevnetAccounts } from '@latch/solana-devnet/browser'
import {
  address,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getPublicKeyFromAddress,
  signatureBytes,
  verifySignature,
} from '@solana/kit'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { WcWalletOptions } from './options.js'
import { SOLANA_METHODS } from './solana/params.js'
import { closeDapp, connect, createDapp, type DappClient } from './test/dapp.js'
import { lamportsOf, transferBytes } from './test/solana.js'
import type { WcWallet } from './types.js'
import { createWcWallet } from './wallet.js'

// The Solana side over a real relay, with a real dapp sign-client asking for the `solana`
// namespace as Latch does when a Solana network is configured. No EVM chain runs: the wallet's
// EVM rpc url is never called.
describe('createWcWallet with a Solana key', () => {
  let devnet: SolanaDevnet
  let relay: LocalRelay
  const wallets: WcWallet[] = []
  const dapps: DappClient[] = []
  const [, , , holder, recipient] = solanaDevnetAccounts()

  beforeAll(async () => {
    ;[devnet, relay] = await Promise.all([startSolanaDevnet({ port: 0 }), startRelay()])
  }, 60_000)

  afterAll(async () => {
    await Promise.all([devnet?.stop(), relay?.stop()])
  })

  afterEach(async () => {
    await Promise.all([
      ...wallets.splice(0).map((wallet) => wallet.close()),
      ...dapps.splice(0).map(closeDapp),
    ])
  })

  async function setup(options: Partial<WcWalletOptions> = {}) {
    const wallet = await createWcWallet({
      relayUrl: relay.url,
      accountIndex: 1,
      rpcUrls: { 31337: 'http://127.0.0.1:9' },
      solana: { rpcUrl: devnet.rpcUrl, secretKey: holder!.secretKey },
      logLevel: 'silent',
      ...options,
    })
    const dapp = await createDapp(relay.url)
    wallets.push(wallet)
    dapps.push(dapp)
    return { wallet, dapp }
  }

  async function connected(options: Partial<WcWalletOptions> = {}) {
    const { wallet, dapp } = await setup(options)
    const { uri, approval } = await connect(dapp, [31337], ['solana:localnet'])
    await wallet.pair(uri)
    const [session] = await Promise.all([approval(), wallet.approve()])
    const request = <T>(method: string, params: unknown) =>
      dapp.request<T>({
        topic: session.topic,
        chainId: 'solana:localnet',
        request: { method, params },
      })
    return { wallet, dapp, session, request }
  }

  it('approves the solana namespace beside eip155, with its account on solana:localnet', async () => {
    const { wallet, session } = await connected()
    expect(wallet.solanaAddress).toBe(holder!.address)
    expect(session.namespaces.solana).toEqual({
      chains: ['solana:localnet'],
      accounts: [`solana:localnet:${holder!.address}`],
      methods: [...SOLANA_METHODS],
      events: ['chainChanged', 'accountsChanged'],
    })
    expect(session.namespaces.eip155?.accounts).toEqual([`eip155:31337:${wallet.address}`])
  })

  it('approves a proposal that asks for solana only', async () => {
    const { wallet, dapp } = await setup()
    const { uri, approval } = await connect(dapp, [], ['solana:localnet'])
    await wallet.pair(uri)
    const [session] = await Promise.all([approval(), wallet.approve()])
    expect(Object.keys(session.namespaces)).toEqual(['solana'])
  })

  it('without a Solana key, refuses a proposal that asks for solana only', async () => {
    const { wallet, dapp } = await setup({ solana: undefined })
    const { uri, approval } = await connect(dapp, [], ['solana:localnet'])
    await wallet.pair(uri)
    const rejected = approval().catch((error: unknown) => error)
    await expect(wallet.approve()).rejects.toThrow('requests no chain this wallet has')
    expect(await rejected).toMatchObject({ code: 5100 })
  })

  it('signs a message the dapp sends over the relay (policy approve)', async () => {
    const { request } = await connected()
    const text = 'Hello from the Latch playground'
    const message = getBase58Decoder().decode(new TextEncoder().encode(text))
    const { signature } = await request<{ signature: string }>('solana_signMessage', {
      message,
      pubkey: holder!.address,
    })
    const key = await getPublicKeyFromAddress(address(holder!.address))
    const bytes = signatureBytes(new Uint8Array(getBase58Encoder().encode(signature)))
    expect(await verifySignature(key, bytes, new TextEncoder().encode(text))).toBe(true)
  })

  it('queues signatures under the manual policy, answers accounts at once, and 4001 on reject', async () => {
    const { wallet, request } = await connected({ policy: { requests: 'manual' } })
    await expect(request('solana_getAccounts', {})).resolves.toEqual([{ pubkey: holder!.address }])
    const message = getBase58Decoder().decode(new TextEncoder().encode('no'))
    const refused = request('solana_signMessage', { message, pubkey: holder!.address })
    const pending = await wallet.waitForRequest()
    expect(pending).toMatchObject({ method: 'solana_signMessage', chainId: 'solana:localnet' })
    await wallet.rejectRequest(pending.id)
    await expect(refused).rejects.toEqual({ code: 4001, message: 'User rejected the request.' })
  })

  it('signs and sends a transfer: it lands on the local chain', async () => {
    const { request } = await connected()
    const before = await lamportsOf(devnet.rpcUrl, recipient!.address)
    const unsigned = await transferBytes(
      devnet.rpcUrl,
      holder!.address,
      recipient!.address,
      777_000n,
    )
    const { signature } = await request<{ signature: string }>('solana_signAndSendTransaction', {
      transaction: getBase64Decoder().decode(unsigned),
      sendOptions: { preflightCommitment: 'confirmed' },
    })
    expect(getBase58Encoder().encode(signature)).toHaveLength(64)
    expect(await lamportsOf(devnet.rpcUrl, recipient!.address)).toBe(before + 777_000n)
  })
})
