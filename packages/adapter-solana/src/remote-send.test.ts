import './test/window.js'
import type { Network } from '@latch/core'
import { solanaDevnetNetwork, startSolanaDevnet, type SolanaDevnet } from '@latch/solana-devnet'
import {
  address,
  createSolanaRpc,
  getBase64Encoder,
  getTransactionDecoder,
  signature as toSignature,
} from '@solana/kit'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { solanaAdapter, type SolanaAdapter } from './index.js'
import { fakeRemote, RpcError, signingAnswers } from './test/remote-provider.js'

// Sending through a lent session whose wallet only signs (no solana_signAndSendTransaction, or a
// session that did not approve it): the adapter sends and confirms on the local chain itself.
// The signAndSend path is tested against the real WalletConnect wallet in walletconnect.test.ts.

let devnet: SolanaDevnet
let network: Network
beforeAll(async () => {
  devnet = await startSolanaDevnet({ port: 0 })
  network = solanaDevnetNetwork(devnet)
})
afterAll(() => devnet?.stop())

const adapters: SolanaAdapter[] = []
afterEach(() => adapters.splice(0).forEach((adapter) => adapter.destroy()))

const WC = 'walletConnect'
const lamportsOf = async (owner: string) =>
  (await createSolanaRpc(devnet.rpcUrl).getBalance(address(owner)).send()).value

async function lent(answers: Awaited<ReturnType<typeof signingAnswers>>) {
  const adapter = solanaAdapter()
  adapters.push(adapter)
  const remote = fakeRemote(answers)
  adapter.setRemoteProvider!(WC, remote.provider)
  await adapter.connect({ connectorId: WC, network })
  return { adapter, remote }
}

/** A transfer of `value` lamports from `from` to account 4, through the lent session. */
const send = (adapter: SolanaAdapter, from: string, value: bigint) =>
  adapter.sendTransaction({
    connectorId: WC,
    network,
    from,
    to: devnet.accounts[4]!.address,
    value,
  })

describe('sending SOL through a session that signs only', () => {
  for (const signatureOnly of [false, true]) {
    const answer = signatureOnly ? 'the signature alone' : 'the signed transaction'
    it(`falls back to solana_signTransaction (${answer}), sends and confirms`, async () => {
      const [from, to] = [devnet.accounts[3]!, devnet.accounts[4]!]
      const { adapter, remote } = await lent(await signingAnswers(from, { signatureOnly }))
      const request = {
        connectorId: WC,
        network,
        from: from.address,
        to: to.address,
        value: 4_321n,
      }
      const fee = await adapter.estimateFee(request)
      const [fromBefore, toBefore] = [await lamportsOf(from.address), await lamportsOf(to.address)]

      const sent = await adapter.sendTransaction(request)

      const { value } = await createSolanaRpc(devnet.rpcUrl)
        .getSignatureStatuses([toSignature(sent)])
        .send()
      expect(value[0]).toMatchObject({ err: null })
      expect(await lamportsOf(to.address)).toBe(toBefore + 4_321n)
      expect(await lamportsOf(from.address)).toBe(fromBefore - 4_321n - fee)
      const methods = remote.calls.map((call) => call.method)
      expect(methods).toEqual([
        'solana_requestAccounts',
        'solana_signAndSendTransaction',
        'solana_signTransaction',
      ])
      // The reference's params: the transaction in base64 (a legacy one: any wallet takes it).
      const { transaction, pubkey } = remote.calls[2]!.params as {
        transaction: string
        pubkey: string
      }
      expect(pubkey).toBe(from.address)
      const decoded = getTransactionDecoder().decode(getBase64Encoder().encode(transaction))
      expect(decoded.messageBytes[0]! & 0x80).toBe(0)
    })
  }

  it('a refusal of signAndSend is not retried: the wallet’s 4001 goes to core, nothing moves', async () => {
    const from = devnet.accounts[2]!
    const answers = await signingAnswers(from)
    const { adapter, remote } = await lent({
      ...answers,
      solana_signAndSendTransaction: () => {
        throw new RpcError(4001, 'User rejected the request.')
      },
    })
    const before = await lamportsOf(from.address)
    await expect(send(adapter, from.address, 1_000n)).rejects.toMatchObject({ code: 4001 })
    expect(remote.calls.map((call) => call.method)).not.toContain('solana_signTransaction')
    expect(await lamportsOf(from.address)).toBe(before)
  })

  it('refuses a malformed answer: "The wallet did not return a transaction hash"', async () => {
    const from = devnet.accounts[2]!
    const { adapter } = await lent({
      ...(await signingAnswers(from)),
      solana_signAndSendTransaction: () => ({ signature: 'xyz' }),
    })
    await expect(send(adapter, from.address, 1n)).rejects.toThrow(
      'The wallet did not return a transaction hash',
    )
  })

  it('signs only for the connection’s own account', async () => {
    const from = devnet.accounts[2]!
    const { adapter, remote } = await lent(await signingAnswers(from))
    const other = devnet.accounts[1]!.address
    await expect(send(adapter, other, 1n)).rejects.toThrow(
      `Account ${other} not found for connector ${WC}`,
    )
    expect(remote.calls.map((call) => call.method)).toEqual(['solana_requestAccounts'])
  })
})
