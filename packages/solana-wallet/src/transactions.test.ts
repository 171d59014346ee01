import type { SolanaDevnet } from '@latch/solana-devnet'
import {
  type Base64EncodedWireTransaction,
  createSolanaRpc,
  getBase58Decoder,
  getBase64Decoder,
  getTransactionDecoder,
  signature as toSignature,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  balance,
  connectedWallet,
  features,
  rejection,
  startTestDevnet,
  transferBytes,
} from './test/devnet.js'

let devnet: SolanaDevnet
beforeAll(async () => {
  devnet = await startTestDevnet()
})
afterAll(() => devnet.stop())

const LAMPORTS = 1_234_567n

describe('solana:signTransaction', () => {
  it('signs a transfer the devnet accepts, and sends nothing itself', async () => {
    const dev = await connectedWallet(devnet)
    const from = dev.wallet.accounts[0]!
    const to = devnet.accounts[1]!.address
    const unsigned = await transferBytes(devnet.rpcUrl, from.address, to, LAMPORTS)
    const before = await balance(devnet.rpcUrl, to)

    const [output] = await features(dev)['solana:signTransaction'].signTransaction({
      account: from,
      transaction: unsigned,
      chain: 'solana:localnet',
    })
    const signed = getTransactionDecoder().decode(output!.signedTransaction)
    expect(signed.signatures[from.address as keyof typeof signed.signatures]).toHaveLength(64)
    expect(await balance(devnet.rpcUrl, to)).toBe(before)

    const rpc = createSolanaRpc(devnet.rpcUrl)
    const wire = getBase64Decoder().decode(
      output!.signedTransaction,
    ) as Base64EncodedWireTransaction
    await rpc.sendTransaction(wire, { encoding: 'base64' }).send()
    expect(await balance(devnet.rpcUrl, to)).toBe(before + LAMPORTS)
  })

  it('refuses (-32602) a transaction its account does not sign, and bytes that are no transaction', async () => {
    const dev = await connectedWallet(devnet)
    const other = await transferBytes(
      devnet.rpcUrl,
      devnet.accounts[2]!.address,
      devnet.accounts[1]!.address,
      LAMPORTS,
    )
    const sign = features(dev)['solana:signTransaction'].signTransaction
    const account = dev.wallet.accounts[0]!
    expect((await rejection(sign({ account, transaction: other }))).code).toBe(-32602)
    expect((await rejection(sign({ account, transaction: new Uint8Array([9]) }))).code).toBe(-32602)
  })
})

describe('solana:signAndSendTransaction', () => {
  it('moves SOL through the devnet and answers the signature’s bytes', async () => {
    const dev = await connectedWallet(devnet)
    dev.control.selectAccount(1)
    const from = dev.wallet.accounts[0]!
    const to = devnet.accounts[3]!.address
    const unsigned = await transferBytes(devnet.rpcUrl, from.address, to, LAMPORTS)
    const [fromBefore, toBefore] = [
      await balance(devnet.rpcUrl, from.address),
      await balance(devnet.rpcUrl, to),
    ]

    const [output] = await features(dev)['solana:signAndSendTransaction'].signAndSendTransaction({
      account: from,
      transaction: unsigned,
      chain: 'solana:localnet',
      options: { preflightCommitment: 'confirmed' },
    })
    expect(output!.signature).toHaveLength(64)
    const signature = toSignature(getBase58Decoder().decode(output!.signature))
    const { value } = await createSolanaRpc(devnet.rpcUrl).getSignatureStatuses([signature]).send()
    expect(value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    expect(await balance(devnet.rpcUrl, to)).toBe(toBefore + LAMPORTS)
    // The sender also paid the 5,000-lamport signature fee.
    expect(await balance(devnet.rpcUrl, from.address)).toBe(fromBefore - LAMPORTS - 5000n)
  })

  it('rejected, throws 4001 and sends nothing', async () => {
    const dev = await connectedWallet(devnet, 'auto-reject')
    const from = dev.wallet.accounts[0]!
    const to = devnet.accounts[4]!.address
    const unsigned = await transferBytes(devnet.rpcUrl, from.address, to, LAMPORTS)
    const [fromBefore, toBefore] = [
      await balance(devnet.rpcUrl, from.address),
      await balance(devnet.rpcUrl, to),
    ]
    const slotBefore = await createSolanaRpc(devnet.rpcUrl).getSlot().send()

    const error = await rejection(
      features(dev)['solana:signAndSendTransaction'].signAndSendTransaction({
        account: from,
        transaction: unsigned,
        chain: 'solana:localnet',
      }),
    )
    expect(error).toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(await balance(devnet.rpcUrl, from.address)).toBe(fromBefore)
    expect(await balance(devnet.rpcUrl, to)).toBe(toBefore)
    // Slots close per landed transaction: an unchanged slot means nothing landed at all.
    expect(await createSolanaRpc(devnet.rpcUrl).getSlot().send()).toBe(slotBefore)
  })

  it('refuses (4901) a chain it has no RPC for, without asking or sending', async () => {
    const dev = await connectedWallet(devnet, 'manual')
    const from = dev.wallet.accounts[0]!
    const unsigned = await transferBytes(
      devnet.rpcUrl,
      from.address,
      devnet.accounts[4]!.address,
      LAMPORTS,
    )
    const slotBefore = await createSolanaRpc(devnet.rpcUrl).getSlot().send()
    const error = await rejection(
      features(dev)['solana:signAndSendTransaction'].signAndSendTransaction({
        account: from,
        transaction: unsigned,
        chain: 'solana:mainnet',
      }),
    )
    expect(error.code).toBe(4901)
    expect(dev.control.pending()).toEqual([])
    expect(await createSolanaRpc(devnet.rpcUrl).getSlot().send()).toBe(slotBefore)
  })
})
