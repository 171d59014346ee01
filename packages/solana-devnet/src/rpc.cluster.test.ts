import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
} from '@solana-program/token'
import {
  compileTransaction,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  appendTransactionMessageInstructions,
  type Blockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { describe, expect, it } from 'vitest'
import { BLOCKHASH_VALIDITY_SLOTS, SLOTS_PER_EPOCH } from './chain.js'
import { SOLANA_API_VERSION } from './rpc/context.js'
import {
  call,
  fundedSigner,
  signedTransaction,
  SOL,
  transfer,
  useDevnet,
  wire,
} from './test/kit.js'

const context = useDevnet()

describe('cluster methods', () => {
  it('getVersion, getHealth and getGenesisHash', async () => {
    const { devnet, kit } = context()
    const version = await kit.rpc.getVersion().send()
    expect(version['solana-core']).toBe(SOLANA_API_VERSION)
    expect(Number(version['feature-set'])).toBeGreaterThan(0)
    expect(await kit.rpc.getHealth().send()).toBe('ok')
    expect(await kit.rpc.getGenesisHash().send()).toBe(devnet.genesisHash)
    const { result } = await call<{ context: { apiVersion: string } }>(
      devnet.rpcUrl,
      'getLatestBlockhash',
    )
    expect(result?.context.apiVersion).toBe(SOLANA_API_VERSION)
  })

  it('advances slot, block height, epoch info and blockhash by one per landed transaction only', async () => {
    const { devnet, kit } = context()
    const sender = await fundedSigner(kit, 1n)
    const before = await kit.rpc.getEpochInfo().send()
    const { value: blockhashBefore } = await kit.rpc.getLatestBlockhash().send()
    expect(blockhashBefore.lastValidBlockHeight).toBe(before.blockHeight + BLOCKHASH_VALIDITY_SLOTS)

    await kit.sendAndConfirm(await transfer(kit, sender, sender.address, 1n), {
      commitment: 'confirmed',
    })
    const after = await kit.rpc.getEpochInfo().send()
    expect(after).toEqual({
      absoluteSlot: before.absoluteSlot + 1n,
      blockHeight: before.blockHeight + 1n,
      epoch: 0n,
      slotIndex: before.slotIndex + 1n,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: before.transactionCount! + 1n,
    })
    expect(await kit.rpc.getSlot().send()).toBe(after.absoluteSlot)
    expect(await kit.rpc.getBlockHeight().send()).toBe(after.blockHeight)
    const { value: blockhashAfter } = await kit.rpc.getLatestBlockhash().send()
    expect(blockhashAfter.blockhash).not.toBe(blockhashBefore.blockhash)
    expect(blockhashAfter.lastValidBlockHeight).toBe(blockhashBefore.lastValidBlockHeight + 1n)

    // A transaction refused in preflight lands nowhere and closes no slot.
    const overspend = await transfer(kit, sender, sender.address, 10n * SOL)
    await call(devnet.rpcUrl, 'sendTransaction', [wire(overspend), { encoding: 'base64' }])
    expect(await kit.rpc.getSlot().send()).toBe(after.absoluteSlot)
  })

  it('getMinimumBalanceForRentExemption as the runtime computes rent', async () => {
    const { kit } = context()
    expect(await kit.rpc.getMinimumBalanceForRentExemption(0n).send()).toBe(890_880n)
    expect(await kit.rpc.getMinimumBalanceForRentExemption(165n).send()).toBe(2_039_280n)
  })
})

describe('simulateTransaction', () => {
  it('runs a transaction without landing it: logs, units, fee, balances and accounts', async () => {
    const { kit } = context()
    const sender = await fundedSigner(kit, 2n)
    const recipient = (await generateKeyPairSigner()).address
    const slot = await kit.rpc.getSlot().send()
    const transaction = await transfer(kit, sender, recipient, SOL)

    const { value } = await kit.rpc
      .simulateTransaction(getBase64EncodedWireTransaction(transaction), {
        encoding: 'base64',
        sigVerify: true,
        accounts: { addresses: [recipient], encoding: 'base64' },
      })
      .send()
    expect(value).toMatchObject({
      err: null,
      logs: [
        'Program 11111111111111111111111111111111 invoke [1]',
        'Program 11111111111111111111111111111111 success',
      ],
      unitsConsumed: 150n,
      fee: 5000n,
      preBalances: [2n * SOL, 0n, 1n],
      postBalances: [SOL - 5000n, SOL, 1n],
      replacementBlockhash: null,
      loadedAddresses: { writable: [], readonly: [] },
    })
    expect(value.accounts?.[0]).toMatchObject({ lamports: SOL, data: ['', 'base64'] })
    // Nothing landed.
    expect(await kit.rpc.getSlot().send()).toBe(slot)
    expect((await kit.rpc.getBalance(recipient).send()).value).toBe(0n)
  })

  it('simulates an unsigned transaction on any blockhash with replaceRecentBlockhash', async () => {
    const { kit } = context()
    const sender = await fundedSigner(kit, 1n)
    const unsigned = compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(sender.address, m),
        (m) =>
          setTransactionMessageLifetimeUsingBlockhash(
            {
              blockhash: '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM' as Blockhash,
              lastValidBlockHeight: 0n,
            },
            m,
          ),
        (m) =>
          appendTransactionMessageInstructions(
            [
              getTransferSolInstruction({
                source: sender,
                destination: sender.address,
                amount: 1n as never,
              }),
            ],
            m,
          ),
      ),
    )
    const text = getBase64EncodedWireTransaction(unsigned)
    const replaced = await kit.rpc
      .simulateTransaction(text, { encoding: 'base64', replaceRecentBlockhash: true })
      .send()
    const { value: latest } = await kit.rpc.getLatestBlockhash().send()
    expect(replaced.value.err).toBeNull()
    expect(replaced.value.replacementBlockhash).toEqual(latest)
    const kept = await kit.rpc.simulateTransaction(text, { encoding: 'base64' }).send()
    expect(kept.value.err).toBe('BlockhashNotFound')
  })

  it('reports a signature failure with sigVerify, and inner instructions when asked', async () => {
    const { devnet, kit } = context()
    const payer = await fundedSigner(kit, 1n)
    const owner = (await generateKeyPairSigner()).address
    const mint = devnet.mint.address
    const [ata] = await findAssociatedTokenPda({
      owner,
      mint,
      tokenProgram: devnet.mint.programAddress,
    })
    const create = getCreateAssociatedTokenIdempotentInstruction({ payer, ata, owner, mint })
    const transaction = await signedTransaction(kit, payer, [create])
    const { value } = await kit.rpc
      .simulateTransaction(getBase64EncodedWireTransaction(transaction), {
        encoding: 'base64',
        innerInstructions: true,
      })
      .send()
    expect(value.err).toBeNull()
    // The ATA program calls the System and Token programs.
    expect(value.innerInstructions?.[0]?.index).toBe(0)
    expect(value.innerInstructions?.[0]?.instructions.length).toBeGreaterThan(1)

    const [payerKey] = Object.keys(transaction.signatures)
    const forged = {
      ...transaction,
      signatures: { ...transaction.signatures, [payerKey!]: new Uint8Array(64).fill(7) },
    }
    const failed = await kit.rpc
      .simulateTransaction(getBase64EncodedWireTransaction(forged as never), {
        encoding: 'base64',
        sigVerify: true,
      })
      .send()
    expect(failed.value.err).toBe('SignatureFailure')
  })
})
