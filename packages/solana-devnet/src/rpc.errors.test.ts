import {
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  isSolanaError,
  SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM,
  SOLANA_ERROR__JSON_RPC__INVALID_PARAMS,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED,
  type Address,
  type Transaction,
} from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { startSolanaDevnet } from './devnet.js'
import {
  call,
  fundedSigner,
  kitClients,
  signedTransaction,
  SOL,
  transfer,
  useDevnet,
  wire,
} from './test/kit.js'

const context = useDevnet()

/** The preflight failure's data: the simulation result (`RpcSimulateTransactionResult`). */
interface PreflightData {
  err: unknown
  logs: string[]
  unitsConsumed: number
  fee: number | null
  accounts: null
}

/** A copy of a signed transaction whose fee payer's signature is one bit off. */
function withBadSignature(transaction: Transaction): Transaction {
  const [payer, signature] = Object.entries(transaction.signatures)[0]!
  const tampered = Uint8Array.from(signature!)
  tampered[0]! ^= 1
  return {
    ...transaction,
    signatures: { ...transaction.signatures, [payer]: tampered },
  } as Transaction
}

describe('rejected transactions', () => {
  it('refuses an overspend in preflight: -32002 with the node’s message, error and logs', async () => {
    const { devnet, kit } = context()
    const sender = await fundedSigner(kit, 1n)
    const recipient = (await generateKeyPairSigner()).address
    const overspend = await transfer(kit, sender, recipient, 5n * SOL)

    const raw = await call(devnet.rpcUrl, 'sendTransaction', [
      wire(overspend),
      { encoding: 'base64' },
    ])
    expect(raw.error?.code).toBe(-32002)
    expect(raw.error?.message).toBe(
      'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
    )
    const data = raw.error?.data as PreflightData
    expect(data.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(data.logs).toEqual([
      'Program 11111111111111111111111111111111 invoke [1]',
      `Transfer: insufficient lamports ${SOL - 5000n}, need ${5n * SOL}`,
      'Program 11111111111111111111111111111111 failed: custom program error: 0x1',
    ])
    expect(data).toMatchObject({ accounts: null, unitsConsumed: 150, fee: 5000 })

    // kit reads it as its typed preflight error, caused by the instruction's custom error.
    const error = await kit.rpc
      .sendTransaction(wire(overspend), { encoding: 'base64' })
      .send()
      .catch((e) => e)
    expect(
      isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE),
    ).toBe(true)
    expect(isSolanaError(error.cause, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM)).toBe(true)
    expect(error.cause.context).toMatchObject({ code: 1, index: 0 })
    // Nothing landed: no status, no fee taken.
    const { value } = await kit.rpc
      .getSignatureStatuses([getSignatureFromTransaction(overspend)])
      .send()
    expect(value).toEqual([null])
    expect((await kit.rpc.getBalance(sender.address).send()).value).toBe(SOL)
  })

  it('lands an overspend sent with skipPreflight as a failed transaction that paid its fee', async () => {
    const { kit } = context()
    const sender = await fundedSigner(kit, 1n)
    const overspend = await transfer(kit, sender, (await generateKeyPairSigner()).address, 5n * SOL)

    const error = await kit
      .sendAndConfirm(overspend, { commitment: 'confirmed', skipPreflight: true })
      .catch((e: unknown) => e)
    expect(isSolanaError(error, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM)).toBe(true)
    const { value } = await kit.rpc
      .getSignatureStatuses([getSignatureFromTransaction(overspend)])
      .send()
    // kit reads every JSON integer as a bigint.
    expect(value[0]?.err).toEqual({ InstructionError: [0n, { Custom: 1n }] })
    expect((await kit.rpc.getBalance(sender.address).send()).value).toBe(SOL - 5000n)
  })

  it('refuses a replayed transaction (AlreadyProcessed), and never runs it twice', async () => {
    const { devnet, kit } = context()
    const sender = await fundedSigner(kit, 2n)
    const recipient = (await generateKeyPairSigner()).address
    const payment = await transfer(kit, sender, recipient, SOL)
    await kit.sendAndConfirm(payment, { commitment: 'confirmed' })

    const raw = await call(devnet.rpcUrl, 'sendTransaction', [
      wire(payment),
      { encoding: 'base64' },
    ])
    expect(raw.error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: This transaction has already been processed',
      data: { err: 'AlreadyProcessed', logs: [], fee: null },
    })
    const error = await kit.sendAndConfirm(payment, { commitment: 'confirmed' }).catch((e) => e)
    expect(isSolanaError(error.cause, SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED)).toBe(
      true,
    )

    // Without preflight the node accepts it and drops it: the recipient is paid once.
    const skipped = await call(devnet.rpcUrl, 'sendTransaction', [
      wire(payment),
      { encoding: 'base64', skipPreflight: true },
    ])
    expect(skipped.result).toBe(getSignatureFromTransaction(payment))
    expect((await kit.rpc.getBalance(recipient).send()).value).toBe(SOL)
  })

  it('refuses a transaction whose signature does not verify: -32003', async () => {
    const { devnet, kit } = context()
    const sender = await fundedSigner(kit, 1n)
    const forged = withBadSignature(await transfer(kit, sender, sender.address, 1n))
    const raw = await call(devnet.rpcUrl, 'sendTransaction', [
      getBase64EncodedWireTransaction(forged),
      { encoding: 'base64' },
    ])
    expect(raw.error).toEqual({
      code: -32003,
      message: 'Transaction signature verification failure',
    })
  })

  it('refuses a blockhash the chain never issued, and one older than 150 slots', async () => {
    const { devnet, kit } = context()
    const sender = await fundedSigner(kit, 1n)
    const unknown = {
      blockhash: '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM',
      lastValidBlockHeight: 0n,
    }
    const stale = await signedTransaction(kit, sender, [], unknown)
    const raw = await call(devnet.rpcUrl, 'sendTransaction', [wire(stale), { encoding: 'base64' }])
    expect(raw.error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Blockhash not found',
      data: { err: 'BlockhashNotFound' },
    })

    // A devnet whose slots also pass with time: 150 slots later the blockhash has expired.
    const ticking = await startSolanaDevnet({ slotIntervalMs: 1 })
    try {
      const tickingKit = kitClients(ticking)
      const payer = await fundedSigner(tickingKit, 1n)
      const { value: lifetime } = await tickingKit.rpc.getLatestBlockhash().send()
      while ((await tickingKit.rpc.getBlockHeight().send()) <= lifetime.lastValidBlockHeight) {
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      const expired = await signedTransaction(tickingKit, payer, [], lifetime)
      const refused = await call(ticking.rpcUrl, 'sendTransaction', [
        wire(expired),
        { encoding: 'base64' },
      ])
      expect(refused.error?.message).toBe('Transaction simulation failed: Blockhash not found')
    } finally {
      await ticking.stop()
    }
  })
})

describe('malformed requests get JSON-RPC errors, never a crash', () => {
  it('answers bad params with -32602, over raw JSON and through kit', async () => {
    const { devnet, kit } = context()
    const url = devnet.rpcUrl
    for (const [method, params] of [
      ['getBalance', [42]],
      ['getBalance', ['not-an-address']],
      ['getBalance', []],
      ['getBalance', { pubkey: devnet.accounts[0]!.address }],
      ['getSlot', [{ commitment: 'eventually' }]],
      ['requestAirdrop', [devnet.accounts[0]!.address, -1]],
      ['sendTransaction', ['AAAA', { encoding: 'base64' }]],
      ['sendTransaction', ['%%%', { encoding: 'base58' }]],
      ['getSignatureStatuses', [['nope']]],
      ['getHealth', ['extra']],
      ['getMinimumBalanceForRentExemption', [2 ** 40]],
      [
        'simulateTransaction',
        ['AAAA', { encoding: 'base64', sigVerify: true, replaceRecentBlockhash: true }],
      ],
    ] as const) {
      const reply = await call(url, method, params)
      expect(reply.error?.code, `${method} ${JSON.stringify(params)}`).toBe(-32602)
      expect(reply.id).toBe(1)
    }
    const error = await kit.rpc
      .getBalance('not-an-address' as Address)
      .send()
      .catch((e) => e)
    expect(isSolanaError(error, SOLANA_ERROR__JSON_RPC__INVALID_PARAMS)).toBe(true)
  })

  it('answers bad JSON with -32700, a bad envelope with -32600, an unknown method with -32601', async () => {
    const { devnet } = context()
    const post = (body: string) =>
      fetch(devnet.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }).then(async (response) => ({ status: response.status, json: await response.json() }))
    expect((await post('{"jsonrpc":')).json).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error' },
      id: null,
    })
    expect((await post('{"id":3}')).json.error).toEqual({
      code: -32600,
      message: 'Invalid request',
    })
    expect((await post('{"jsonrpc":"1.0","id":3,"method":"getSlot"}')).json.id).toBe(3)
    expect((await post('[]')).json.error.code).toBe(-32600)
    for (const method of ['getBlock', 'constructor', '__proto__']) {
      const reply = await post(JSON.stringify({ jsonrpc: '2.0', id: 'x', method }))
      expect(reply.json).toEqual({
        jsonrpc: '2.0',
        error: { code: -32601, message: 'Method not found' },
        id: 'x',
      })
    }
  })

  it('answers a batch in order and a notification with nothing', async () => {
    const { devnet } = context()
    const batch = await fetch(devnet.rpcUrl, {
      method: 'POST',
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getHealth' },
        { jsonrpc: '2.0', method: 'getSlot' },
        { jsonrpc: '2.0', id: 2, method: 'getBalance', params: [1] },
        { jsonrpc: '2.0', id: 3, method: 'getGenesisHash' },
      ]),
    }).then((response) => response.json())
    expect(batch.map((reply: { id: number }) => reply.id)).toEqual([1, 2, 3])
    expect(batch[0].result).toBe('ok')
    expect(batch[1].error.code).toBe(-32602)
    expect(batch[2].result).toBe(devnet.genesisHash)
    const notification = await fetch(devnet.rpcUrl, {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', method: 'getSlot' }),
    })
    expect(notification.status).toBe(204)
    expect(await notification.text()).toBe('')
  })

  it('answers minContextSlot ahead of the chain with -32016', async () => {
    const { devnet, kit } = context()
    const slot = await kit.rpc.getSlot().send()
    const reply = await call(devnet.rpcUrl, 'getBalance', [
      devnet.accounts[0]!.address,
      { minContextSlot: Number(slot) + 10 },
    ])
    expect(reply.error).toEqual({
      code: -32016,
      message: 'Minimum context slot has not been reached',
      data: { contextSlot: Number(slot) },
    })
  })

  it('serves GET /health, CORS preflight, and refuses other paths and oversized bodies', async () => {
    const { devnet } = context()
    const health = await fetch(`${devnet.rpcUrl}/health`)
    expect([health.status, await health.text()]).toEqual([200, 'ok'])
    const preflight = await fetch(devnet.rpcUrl, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-headers': 'solana-client',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect((await fetch(`${devnet.rpcUrl}/nowhere`, { method: 'POST', body: '{}' })).status).toBe(
      404,
    )
    const huge = await fetch(devnet.rpcUrl, { method: 'POST', body: 'x'.repeat(600 * 1024) })
    expect(huge.status).toBe(413)
  })
})
