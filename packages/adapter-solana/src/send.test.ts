import './test/window.js'
import type { Network } from '@latch/core'
import { solanaDevnetNetwork, startSolanaDevnet, type SolanaDevnet } from '@latch/solana-devnet'
import {
  address,
  createSolanaRpc,
  getBase58Encoder,
  getPublicKeyFromAddress,
  signature as toSignature,
  verifySignature,
} from '@solana/kit'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { solanaAdapter, type SolanaAdapter, type SolanaAdapterOptions } from './index.js'
import { registerTestWallet } from './test/harness.js'
import { UserRejectedError } from './test/test-wallet.js'

let devnet: SolanaDevnet
let network: Network
beforeAll(async () => {
  devnet = await startSolanaDevnet()
  network = solanaDevnetNetwork(devnet)
})
afterAll(() => devnet.stop())

const adapters: SolanaAdapter[] = []
afterEach(() => adapters.splice(0).forEach((adapter) => adapter.destroy()))

/** A wallet holding account 3, connected through a fresh adapter. */
async function connected(
  label: string,
  options: SolanaAdapterOptions & { signOnly?: boolean; signIn?: boolean } = {},
) {
  const { signOnly, signIn, ...adapterOptions } = options
  const wallet = await registerTestWallet({
    label,
    rpcUrl: devnet.rpcUrl,
    keypairs: devnet.accounts.slice(3, 4),
    ...(signOnly ? { signOnly } : {}),
    ...(signIn ? { signIn } : {}),
  })
  const adapter = solanaAdapter(adapterOptions)
  adapters.push(adapter)
  adapter.watchConnectors(() => undefined)
  await adapter.connect({ connectorId: wallet.name, network })
  const from = devnet.accounts[3]!.address
  const to = devnet.accounts[4]!.address
  return { wallet, adapter, from, to, connectorId: wallet.name }
}

const lamportsOf = async (owner: string) =>
  (await createSolanaRpc(devnet.rpcUrl).getBalance(address(owner)).send()).value

describe('signing and sending on the local chain', () => {
  it('signs a message; the base58 signature verifies against the account’s key', async () => {
    const { adapter, from, connectorId } = await connected('sign')
    const message = 'Sign in to Latch'
    const signature = await adapter.signMessage({ connectorId, address: from, message })
    const bytes = getBase58Encoder().encode(signature)
    expect(bytes).toHaveLength(64)
    const key = await getPublicKeyFromAddress(address(from))
    const data = new TextEncoder().encode(message)
    expect(await verifySignature(key, bytes as never, data)).toBe(true)
    expect(await verifySignature(key, bytes as never, new TextEncoder().encode('other'))).toBe(
      false,
    )
  })

  it('signs in with the wallet’s solana:signIn: the data as SIWS input, the text it signed back', async () => {
    const { adapter, from, connectorId, wallet } = await connected('sign in', { signIn: true })
    const data = {
      chainId: 'solana:localnet' as const,
      accountAddress: from,
      nonce: 'n0nce0123456789ab',
      domain: 'app.example',
      uri: 'https://app.example/',
      version: '1',
      issuedAt: '2026-12-02T10:00:00.000Z',
    }
    const signed = await adapter.signIn!({ connectorId, address: from, data })
    expect(wallet.signInInputs).toEqual([
      {
        domain: 'app.example',
        address: from,
        uri: 'https://app.example/',
        version: '1',
        chainId: 'localnet',
        nonce: 'n0nce0123456789ab',
        issuedAt: '2026-12-02T10:00:00.000Z',
      },
    ])
    expect(signed?.message).toBe(JSON.stringify(wallet.signInInputs[0]))
    const key = await getPublicKeyFromAddress(address(from))
    const bytes = getBase58Encoder().encode(signed!.signature)
    const text = new TextEncoder().encode(signed!.message)
    expect(await verifySignature(key, bytes as never, text)).toBe(true)
    // A wallet without solana:signIn: core signs the server's text with signMessage instead.
    const plain = await connected('no sign in')
    expect(
      await plain.adapter.signIn!({ connectorId: plain.connectorId, address: plain.from, data }),
    ).toBeUndefined()
  })

  for (const signOnly of [false, true]) {
    const path = signOnly ? 'sign, then send by the adapter' : 'signAndSendTransaction'
    it(`sends SOL through ${path}: the balances move by the value and the quoted fee`, async () => {
      const { adapter, from, to, connectorId } = await connected(`send ${path}`, {
        signOnly,
        computeUnitPrice: 10_000n,
      })
      const value = 250_000_000n
      const request = { connectorId, network, from, to, value }
      const fee = await adapter.estimateFee(request)
      // 5,000 per signature plus the priority fee the compute-budget instruction asks for.
      expect(fee).toBeGreaterThan(5_000n)
      const [fromBefore, toBefore] = [await lamportsOf(from), await lamportsOf(to)]

      const sent = await adapter.sendTransaction(request)

      const { value: statuses } = await createSolanaRpc(devnet.rpcUrl)
        .getSignatureStatuses([toSignature(sent)])
        .send()
      expect(statuses[0]).toMatchObject({ err: null })
      expect(await lamportsOf(to)).toBe(toBefore + value)
      expect(await lamportsOf(from)).toBe(fromBefore - value - fee)
    })
  }

  it('a rejection in the wallet rejects with the wallet’s 4001 error, and nothing moves', async () => {
    const { wallet, adapter, from, to, connectorId } = await connected('reject')
    const before = await lamportsOf(from)
    wallet.approval = 'reject'
    const error = await adapter
      .sendTransaction({ connectorId, network, from, to, value: 1_000n })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserRejectedError)
    expect(error).toMatchObject({ code: 4001 })
    await expect(
      adapter.signMessage({ connectorId, address: from, message: 'x' }),
    ).rejects.toBeInstanceOf(UserRejectedError)
    expect(await lamportsOf(from)).toBe(before)
  })

  it('refuses an invalid recipient with "Invalid CAIP Address" before asking the wallet', async () => {
    const { wallet, adapter, from, connectorId } = await connected('bad address')
    // The wallet would reject: reaching it would throw 4001, not the validation message.
    wallet.approval = 'reject'
    for (const to of ['0x' + '12'.repeat(20), 'not-an-address', '1'.repeat(44)]) {
      await expect(
        adapter.sendTransaction({ connectorId, network, from, to, value: 1n }),
      ).rejects.toThrow('Invalid CAIP Address')
    }
  })

  it('refuses a preflight commitment outside SPEC §5’s list, and takes the legacy names', () => {
    expect(() => solanaAdapter({ preflightCommitment: 'instant' as 'confirmed' })).toThrow(
      'Invalid Latch options: preflightCommitment',
    )
    for (const preflightCommitment of ['recent', 'singleGossip', 'max'] as const) {
      expect(solanaAdapter({ preflightCommitment }).namespace).toBe('solana')
    }
  })
})
