import {
  compileTransactionMessage,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageEncoder,
  getSignatureFromTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  setTransactionMessageLifetimeUsingDurableNonce,
  signTransactionMessageWithSigners,
  appendTransactionMessageInstructions,
  type Blockhash,
  type Instruction,
  type Nonce,
  type Signature,
  type TransactionMessageBytesBase64,
  type TransactionSigner,
} from '@solana/kit'
import {
  getCreateAccountInstruction,
  getInitializeNonceAccountInstruction,
  getNonceSize,
  getTransferSolInstruction,
  SYSTEM_PROGRAM_ADDRESS,
} from '@solana-program/system'
import { describe, expect, it } from 'vitest'
import { computeUnitLimit, computeUnitPrice } from './test/compute-budget.js'
import {
  call,
  fundedSigner,
  rawRpc,
  signedTransaction,
  SOL,
  transfer,
  useDevnet,
  type KitClients,
  type RpcReply,
  wire,
} from './test/kit.js'

const context = useDevnet()

/** The base64 message getFeeForMessage takes, on a given blockhash. */
function feeMessage(
  payer: TransactionSigner,
  instructions: Instruction[],
  lifetime: { blockhash: string; lastValidBlockHeight: bigint },
): TransactionMessageBytesBase64 {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        lifetime as { blockhash: Blockhash; lastValidBlockHeight: bigint },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const bytes = getCompiledTransactionMessageEncoder().encode(compileTransactionMessage(message))
  return getBase64Decoder().decode(bytes) as TransactionMessageBytesBase64
}

async function balance(kit: KitClients, who: string): Promise<bigint> {
  return (await kit.rpc.getBalance(who as never).send()).value
}

describe('SOL transfers through @solana/kit', () => {
  it('confirms a transfer with sendAndConfirmTransactionFactory (signatureSubscribe)', async () => {
    const { kit } = context()
    const sender = await fundedSigner(kit)
    const recipient = await generateKeyPairSigner()
    const slotBefore = await kit.rpc.getSlot().send()
    const transaction = await transfer(kit, sender, recipient.address, SOL)

    await kit.sendAndConfirm(transaction, { commitment: 'confirmed' })

    expect(await balance(kit, recipient.address)).toBe(SOL)
    expect(await balance(kit, sender.address)).toBe(10n * SOL - SOL - 5000n)
    const { value } = await kit.rpc
      .getSignatureStatuses([getSignatureFromTransaction(transaction)])
      .send()
    expect(value[0]).toEqual({
      slot: slotBefore,
      confirmations: null,
      err: null,
      status: { Ok: null },
      confirmationStatus: 'finalized',
    })
    // The transaction closed its slot.
    expect(await kit.rpc.getSlot().send()).toBe(slotBefore + 1n)
  })

  it('charges exactly what getFeeForMessage quotes, priority fee included', async () => {
    const { kit } = context()
    const sender = await fundedSigner(kit)
    const recipient = (await generateKeyPairSigner()).address
    const budget = [computeUnitLimit(50_000), computeUnitPrice(2_000_000n)]
    const instructions = [
      ...budget,
      getTransferSolInstruction({ source: sender, destination: recipient, amount: lamports(SOL) }),
    ]
    const { value: lifetime } = await kit.rpc.getLatestBlockhash().send()
    const { value: fee } = await kit.rpc
      .getFeeForMessage(feeMessage(sender, instructions, lifetime))
      .send()
    // 5,000 per signature + ceil(50,000 CU × 2 lamports/CU).
    expect(fee).toBe(5000n + 100_000n)

    const before = await balance(kit, sender.address)
    await kit.sendAndConfirm(await transfer(kit, sender, recipient, SOL, budget), {
      commitment: 'confirmed',
    })
    expect(before - (await balance(kit, sender.address))).toBe(SOL + fee!)
  })

  it('quotes no fee for a message on a blockhash the chain never issued', async () => {
    const { kit } = context()
    const payer = await generateKeyPairSigner()
    const unknown = {
      blockhash: '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM',
      lastValidBlockHeight: 0n,
    }
    const message = feeMessage(payer, [], unknown)
    expect((await kit.rpc.getFeeForMessage(message).send()).value).toBeNull()
  })
})

describe('durable-nonce transactions', () => {
  it('land while the nonce account holds their nonce, and are refused once it advanced', async () => {
    const { devnet, kit } = context()
    const payer = await fundedSigner(kit, 2n)
    const nonceAccount = await generateKeyPairSigner()
    const space = getNonceSize()
    const rent = await kit.rpc.getMinimumBalanceForRentExemption(BigInt(space)).send()
    await kit.sendAndConfirm(
      await signedTransaction(kit, payer, [
        getCreateAccountInstruction({
          payer,
          newAccount: nonceAccount,
          lamports: rent,
          space,
          programAddress: SYSTEM_PROGRAM_ADDRESS,
        }),
        getInitializeNonceAccountInstruction({
          nonceAccount: nonceAccount.address,
          nonceAuthority: payer.address,
        }),
      ]),
      { commitment: 'confirmed' },
    )
    const stored = async () => {
      const { value } = await kit.rpc
        .getAccountInfo(nonceAccount.address, { encoding: 'base64' })
        .send()
      const data = getBase64Encoder().encode(value!.data[0])
      return getBase58Decoder().decode(data.subarray(40, 72)) as Nonce
    }
    const nonce = await stored()
    const recipient = (await generateKeyPairSigner()).address
    const payment = await pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) =>
        setTransactionMessageLifetimeUsingDurableNonce(
          {
            nonce,
            nonceAccountAddress: nonceAccount.address,
            nonceAuthorityAddress: payer.address,
          },
          m,
        ),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getTransferSolInstruction({
              source: payer,
              destination: recipient,
              amount: lamports(SOL),
            }),
          ],
          m,
        ),
      (m) => signTransactionMessageWithSigners(m),
    )

    const sent = await call(devnet.rpcUrl, 'sendTransaction', [
      wire(payment),
      { encoding: 'base64' },
    ])
    expect(sent.result).toBe(getSignatureFromTransaction(payment))
    expect(await balance(kit, recipient)).toBe(SOL)
    expect(await stored()).not.toBe(nonce)
    const again = await call(devnet.rpcUrl, 'sendTransaction', [
      wire(payment),
      { encoding: 'base64' },
    ])
    expect(again.error?.message).toBe('Transaction simulation failed: Blockhash not found')
  })
})

describe('airdrops', () => {
  it('requestAirdrop funds an account, confirmed through kit’s airdrop helper', async () => {
    const { kit } = context()
    const recipient = await generateKeyPairSigner()
    const signature = await kit.airdrop({
      recipientAddress: recipient.address,
      lamports: lamports(3n * SOL),
      commitment: 'confirmed',
    })
    expect(await balance(kit, recipient.address)).toBe(3n * SOL)
    const { value } = await kit.rpc.getSignatureStatuses([signature]).send()
    expect(value[0]?.err).toBeNull()
  })

  it('reads a balance above 2^53 lamports exactly, over kit and on the wire', async () => {
    const { devnet, kit } = context()
    const recipient = await generateKeyPairSigner()
    const huge = 2n ** 53n + 1n
    // kit refuses to send an unsafe integer, so the request is written by hand: the devnet reads
    // the bare 9007199254740993 exactly.
    const body = `{"jsonrpc":"2.0","id":1,"method":"requestAirdrop","params":["${recipient.address}",${huge}]}`
    const requested = (await rawRpc(devnet.rpcUrl, body)).json as RpcReply<string>
    expect(requested.error).toBeUndefined()
    const { value: statuses } = await kit.rpc
      .getSignatureStatuses([requested.result as Signature])
      .send()
    expect(statuses[0]?.err).toBeNull()

    expect(await balance(kit, recipient.address)).toBe(huge)
    const { value: accounts } = await kit.rpc.getMultipleAccounts([recipient.address]).send()
    expect(accounts[0]?.lamports).toBe(huge)
    const raw = await rawRpc(devnet.rpcUrl, {
      jsonrpc: '2.0',
      id: 1,
      method: 'getBalance',
      params: [recipient.address],
    })
    expect(raw.text).toContain(`"value":${huge}}`)
  })
})
