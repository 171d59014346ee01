import { startDevnet, type Devnet } from '@latch/devnet'
import { startRelay, type LocalRelay } from '@latch/relay'
import {
  createPublicClient,
  http,
  numberToHex,
  parseEther,
  toHex,
  verifyMessage,
  type Hex,
} from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { closeDapp, connect, createDapp, type DappClient } from './test/dapp.js'
import type { WcWallet } from './types.js'
import { createWcWallet } from './wallet.js'

const RECIPIENT = '0x000000000000000000000000000000000000dEaD'

describe('createWcWallet with a real dapp sign-client, relay and devnet', () => {
  let devnet: Devnet
  let relay: LocalRelay
  let rpcUrls: Record<number, string>
  const wallets: WcWallet[] = []
  const dapps: DappClient[] = []

  beforeAll(async () => {
    ;[devnet, relay] = await Promise.all([startDevnet(), startRelay()])
    rpcUrls = Object.fromEntries(devnet.chains.map((chain) => [chain.chainId, chain.rpcUrl]))
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

  async function setup(options: { rpcUrls?: Record<number, string>; accountIndex?: number } = {}) {
    const wallet = await createWcWallet({
      relayUrl: relay.url,
      accountIndex: options.accountIndex ?? 1,
      rpcUrls: options.rpcUrls ?? rpcUrls,
      logLevel: 'silent',
    })
    const dapp = await createDapp(relay.url)
    wallets.push(wallet)
    dapps.push(dapp)
    return { wallet, dapp }
  }

  async function connected(options?: Parameters<typeof setup>[0]) {
    const { wallet, dapp } = await setup(options)
    const { uri, approval } = await connect(dapp)
    await wallet.pair(uri)
    const [session] = await Promise.all([approval(), wallet.approve()])
    return { wallet, dapp, session }
  }

  function request<T>(
    dapp: DappClient,
    topic: string,
    method: string,
    params: unknown,
    chainId = 31337,
  ) {
    return dapp.request<T>({ topic, chainId: `eip155:${chainId}`, request: { method, params } })
  }

  it('pairs and approves with every requested chain it knows, methods and events', async () => {
    const { wallet, dapp } = await setup()
    const { uri, approval } = await connect(dapp, [31337, 31338, 1])
    const proposal = await wallet.pair(uri)
    expect(proposal.dapp.name).toBe('Test Dapp')
    expect(wallet.proposals.map((p) => p.id)).toEqual([proposal.id])

    const [session, walletSession] = await Promise.all([approval(), wallet.approve(proposal)])
    expect(walletSession.topic).toBe(session.topic)
    expect(wallet.proposals).toEqual([])
    const eip155 = session.namespaces.eip155!
    // Chain 1 has no rpc url: it is left out, the two devnet chains are in.
    expect(eip155.chains).toEqual(['eip155:31337', 'eip155:31338'])
    expect(eip155.accounts).toEqual([
      `eip155:31337:${wallet.address}`,
      `eip155:31338:${wallet.address}`,
    ])
    expect(eip155.methods).toEqual([
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'eth_chainId',
      'eth_accounts',
      'eth_requestAccounts',
    ])
    expect(eip155.events).toEqual(['chainChanged', 'accountsChanged'])
    expect(wallet.address).toBe(devnet.accounts[1]!.address)
  }, 30_000)

  it('rejects a proposal: the dapp connect rejects', async () => {
    const { wallet, dapp } = await setup()
    const { uri, approval } = await connect(dapp)
    const rejected = expect(approval()).rejects.toMatchObject({
      code: 5000,
      message: 'User rejected.',
    })
    await wallet.pair(uri)
    await wallet.reject()
    await rejected
    expect(wallet.sessions).toEqual([])
  }, 30_000)

  it('answers personal_sign with a signature viem verifies', async () => {
    const { wallet, dapp, session } = await connected()
    const message = 'Sign in to Latch'
    const signature = await request<Hex>(dapp, session.topic, 'personal_sign', [
      toHex(message),
      wallet.address,
    ])
    await expect(verifyMessage({ address: wallet.address, message, signature })).resolves.toBe(true)
    expect(wallet.requests.map((r) => [r.method, r.status])).toEqual([
      ['personal_sign', 'approved'],
    ])
  }, 30_000)

  it('sends eth_sendTransaction to the devnet, where it is mined', async () => {
    const { wallet, dapp, session } = await connected({ accountIndex: 2 })
    const chain = devnet.chains[0]!
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const before = await client.getBalance({ address: RECIPIENT })
    const value = parseEther('1.5')

    const hash = await request<Hex>(dapp, session.topic, 'eth_sendTransaction', [
      { from: wallet.address, to: RECIPIENT, value: numberToHex(value) },
    ])
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase())
    expect(await client.getBalance({ address: RECIPIENT })).toBe(before + value)
  }, 30_000)

  it('switches to 31338 on wallet_switchEthereumChain and emits chainChanged', async () => {
    const { wallet, dapp, session } = await connected()
    const event = new Promise<unknown>((resolve) =>
      dapp.on('session_event', ({ params }) => resolve(params)),
    )
    await expect(
      request(dapp, session.topic, 'wallet_switchEthereumChain', [{ chainId: numberToHex(31338) }]),
    ).resolves.toBeNull()
    expect(await event).toEqual({
      chainId: 'eip155:31338',
      event: { name: 'chainChanged', data: 31338 },
    })
    expect(wallet.chainId).toBe(31338)
    await expect(request(dapp, session.topic, 'eth_chainId', [], 31338)).resolves.toBe('0x7a6a')
  }, 30_000)

  it('switchChain from the wallet side emits chainChanged; an unknown chain is refused', async () => {
    const { wallet, dapp } = await connected()
    const event = new Promise<unknown>((resolve) =>
      dapp.on('session_event', ({ params }) => resolve(params)),
    )
    await wallet.switchChain(31338)
    expect(await event).toEqual({
      chainId: 'eip155:31338',
      event: { name: 'chainChanged', data: 31338 },
    })
    await expect(wallet.switchChain(1)).rejects.toMatchObject({ code: 4902 })
    expect(wallet.chainId).toBe(31338)
  }, 30_000)

  it('answers 4902 for an unknown chain, then adds it and switches to it', async () => {
    // The wallet starts knowing only 31337; 31338 is "unknown" until the dapp adds it.
    const [a, b] = devnet.chains
    const { wallet, dapp, session } = await connected({ rpcUrls: { [a!.chainId]: a!.rpcUrl } })
    expect(session.namespaces.eip155!.chains).toEqual(['eip155:31337'])
    const switchTo = () =>
      request(dapp, session.topic, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])

    await expect(switchTo()).rejects.toMatchObject({
      code: 4902,
      message:
        'Unrecognized chain ID "0x7a6a". Try adding the chain using wallet_addEthereumChain first.',
    })
    await expect(
      request(dapp, session.topic, 'wallet_addEthereumChain', [
        {
          chainId: '0x7a6a',
          chainName: 'Latch Devnet B',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: [b!.rpcUrl],
        },
      ]),
    ).resolves.toBeNull()

    const event = new Promise<unknown>((resolve) =>
      dapp.on('session_event', ({ params }) => resolve(params)),
    )
    await expect(switchTo()).resolves.toBeNull()
    expect(await event).toMatchObject({ chainId: 'eip155:31338' })
    expect(wallet.chainId).toBe(31338)
    // The new chain entered the session, so the dapp can address it.
    expect(dapp.session.get(session.topic).namespaces.eip155!.chains).toContain('eip155:31338')
  }, 30_000)

  it('deleteSession disconnects: the dapp gets session_delete', async () => {
    const { wallet, dapp, session } = await connected()
    const deleted = new Promise<string>((resolve) =>
      dapp.on('session_delete', ({ topic }) => resolve(topic)),
    )
    await wallet.deleteSession()
    expect(await deleted).toBe(session.topic)
    expect(wallet.sessions).toEqual([])
    expect(dapp.session.keys).toEqual([])
  }, 30_000)

  it('answers -32602 for bad params, naming the problem in its log', async () => {
    const { wallet, dapp, session } = await connected()
    // sign-client replaces the message of reserved JSON-RPC codes (-32700…-32603) with the
    // standard one before sending, as for every wallet built on it: the detail stays in the log.
    const invalid = { code: -32602, message: 'Invalid params' }
    await expect(
      request(dapp, session.topic, 'wallet_switchEthereumChain', [{ chainId: 31338 }]),
    ).rejects.toEqual(invalid)
    await expect(
      request(dapp, session.topic, 'eth_sendTransaction', [{ to: '0x1234', value: '0x1' }]),
    ).rejects.toEqual(invalid)

    expect(wallet.requests.map((r) => [r.status, r.error])).toEqual([
      [
        'failed',
        {
          code: -32602,
          message:
            'Invalid params for wallet_switchEthereumChain: params[0].chainId: Invalid input: expected string, received number',
        },
      ],
      [
        'failed',
        {
          code: -32602,
          message:
            'Invalid params for eth_sendTransaction: params[0].to: must be a 0x-prefixed 20-byte hex address',
        },
      ],
    ])
    expect(wallet.chainId).toBe(31337)
  }, 30_000)
})
