import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { TransactionRequest } from '../../adapter/contract.js'
import { deferred } from '../../test/deferred.js'
import {
  account,
  erc20Token,
  EVM_RECEIVER,
  evmNetwork,
  nativeToken,
  otherEvmNetwork,
  SOLANA_RECEIVER,
  solanaNetwork,
} from '../../test/send-fixtures.js'
import { sendMachine } from './send.machine.js'
import type { ResolvedName, ResolveNameInput, SendEmitted } from './send.types.js'

const GAS_FEE = 21_000n * 1_000_000_000n

/** A send machine whose adapter answers as told; records what it was asked. */
function start(
  options: {
    send?: (request: TransactionRequest) => Promise<string>
    fee?: (request: TransactionRequest) => Promise<bigint | null>
    resolve?: (input: ResolveNameInput) => Promise<ResolvedName | null>
  } = {},
) {
  const sent: TransactionRequest[] = []
  const estimated: TransactionRequest[] = []
  const emitted: SendEmitted[] = []
  const actor = createActor(
    sendMachine.provide({
      actors: {
        sendTransaction: fromPromise<string, TransactionRequest>(async ({ input }) => {
          sent.push(input)
          return (options.send ?? (async () => `0x${'ab'.repeat(32)}`))(input)
        }),
        estimateFee: fromPromise<bigint | null, TransactionRequest>(async ({ input }) => {
          estimated.push(input)
          return (options.fee ?? (async () => GAS_FEE))(input)
        }),
        resolveName: fromPromise<ResolvedName | null, ResolveNameInput>(({ input }) =>
          (options.resolve ?? (async () => null))(input),
        ),
      },
    }),
    { input: { account: account() } },
  )
  actor.on('*', (event) => emitted.push(event))
  actor.start()
  actor.send({
    type: 'BALANCES',
    tokenBalances: [nativeToken(evmNetwork, '2', 3000), erc20Token('50')],
  })
  const ready = () => waitFor(actor, (s) => s.matches({ editing: 'ready' }))
  return { actor, sent, estimated, emitted, ready }
}

const fill = (
  actor: ReturnType<typeof start>['actor'],
  token = nativeToken(evmNetwork, '2', 3000),
  amount = '1',
  receiver = EVM_RECEIVER,
) => {
  actor.send({ type: 'SET_TOKEN', token })
  actor.send({ type: 'SET_AMOUNT', amount })
  actor.send({ type: 'SET_RECEIVER', receiver })
}

describe('send machine: SPEC §3 Send state', () => {
  it('starts empty with the SPEC fields, and takes the balances', () => {
    const { actor } = start()
    const { context } = actor.getSnapshot()
    expect(context.loading).toBe(false)
    expect(context.token).toBeUndefined()
    expect(context.sendTokenAmount).toBeUndefined()
    expect(context.receiverAddress).toBeUndefined()
    expect(context.tokenBalances).toHaveLength(2)
  })
})

describe('send machine: sending (SPEC §4)', () => {
  it('a native EVM send: estimated, loading while in flight, then `refreshBalance` and the form reset', async () => {
    const wallet = deferred<string>()
    const { actor, sent, estimated, emitted, ready } = start({ send: () => wallet.promise })
    fill(actor)
    await ready()
    expect(estimated).toHaveLength(1)
    expect(actor.getSnapshot().context.fee).toBe(GAS_FEE)
    actor.send({ type: 'SEND' })
    await waitFor(actor, (s) => s.matches({ sending: 'submitting' }))
    expect(actor.getSnapshot().context.loading).toBe(true)
    wallet.resolve(`0x${'cd'.repeat(32)}`)
    await ready()
    expect(sent[0]).toMatchObject({ to: EVM_RECEIVER, value: 10n ** 18n })
    expect(emitted).toContainEqual({
      type: 'sent',
      hash: `0x${'cd'.repeat(32)}`,
      network: evmNetwork,
      kind: 'native',
      after: 'refreshBalance',
      transfer: { amount: '1', symbol: 'ETH', to: EVM_RECEIVER },
    })
    const { context } = actor.getSnapshot()
    expect(context.loading).toBe(false)
    expect([context.token, context.sendTokenAmount, context.receiverAddress]).toEqual([
      undefined,
      undefined,
      undefined,
    ])
  })

  it('an ERC-20 send goes to the token contract and then shows Account', async () => {
    const { actor, sent, emitted, ready } = start()
    fill(actor, erc20Token('50'), '5')
    await ready()
    actor.send({ type: 'SEND' })
    await waitFor(actor, () => emitted.some((e) => e.type === 'sent'))
    expect(sent[0]?.data?.startsWith('0xa9059cbb')).toBe(true)
    expect(emitted.find((e) => e.type === 'sent')).toMatchObject({
      kind: 'erc20',
      after: 'showAccount',
    })
  })

  it('a Solana send estimates no gas (fee zero) and then shows Account', async () => {
    const { actor, estimated, emitted, ready } = start()
    actor.send({ type: 'ACCOUNT', account: account(solanaNetwork) })
    actor.send({
      type: 'BALANCES',
      tokenBalances: [nativeToken(solanaNetwork, '3')],
    })
    actor.send({ type: 'SET_AMOUNT', amount: '1' })
    actor.send({ type: 'SET_RECEIVER', receiver: SOLANA_RECEIVER })
    await ready()
    actor.send({ type: 'SEND' })
    await waitFor(actor, () => emitted.some((e) => e.type === 'sent'))
    expect(estimated).toHaveLength(0)
    expect(emitted.find((e) => e.type === 'sent')).toMatchObject({ after: 'showAccount' })
  })

  it('a broken rule sends nothing and fails with the SPEC text', async () => {
    const { actor, sent, emitted, ready } = start()
    actor.send({ type: 'SET_AMOUNT', amount: '1' })
    await ready()
    actor.send({ type: 'SEND' })
    await ready()
    expect(sent).toHaveLength(0)
    expect(actor.getSnapshot().context.error?.message).toBe('A token is required')
    expect(emitted.at(-1)).toMatchObject({ type: 'failed' })
  })

  it('a native send that does not fit with the fee is refused before the wallet is asked', async () => {
    const { actor, sent, ready } = start({ fee: async () => 10n ** 18n + 1n })
    fill(actor, nativeToken(evmNetwork, '2', 3000), '1')
    await ready()
    actor.send({ type: 'SEND' })
    await ready()
    expect(sent).toHaveLength(0)
    expect(actor.getSnapshot().context.error?.message).toBe('Insufficient ETH balance')
  })

  it('SEND before the estimate came back waits for it, then checks with the fee', async () => {
    const estimate = deferred<bigint | null>()
    const { actor, sent, emitted } = start({ fee: () => estimate.promise })
    fill(actor)
    actor.send({ type: 'SEND' })
    await waitFor(actor, (s) => s.matches({ sending: 'estimating' }))
    expect(sent).toHaveLength(0)
    estimate.resolve(GAS_FEE)
    await waitFor(actor, () => emitted.some((e) => e.type === 'sent'))
    expect(sent).toHaveLength(1)
  })

  it('a wallet rejection (4001) becomes USER_REJECTED, keeps the form, and Retry sends again', async () => {
    let answer: () => Promise<string> = () =>
      Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }))
    const { actor, sent, emitted, ready } = start({ send: () => answer() })
    fill(actor)
    await ready()
    actor.send({ type: 'SEND' })
    await waitFor(actor, () => emitted.some((e) => e.type === 'failed'))
    const { context } = actor.getSnapshot()
    expect(context.error?.code).toBe('USER_REJECTED')
    expect(context.loading).toBe(false)
    expect(context.sendTokenAmount).toBe('1')
    expect(context.receiverAddress).toBe(EVM_RECEIVER)
    answer = async () => `0x${'ef'.repeat(32)}`
    actor.send({ type: 'RETRY' })
    await waitFor(actor, () => emitted.some((e) => e.type === 'sent'))
    expect(sent).toHaveLength(2)
    expect(actor.getSnapshot().context.lastRetry).toBeTypeOf('number')
  })

  it("a text like 'user rejected' is a rejection too", async () => {
    const { actor, emitted, ready } = start({
      send: () => Promise.reject(new Error('MetaMask Tx Signature: User rejected transaction')),
    })
    fill(actor)
    await ready()
    actor.send({ type: 'SEND' })
    await waitFor(actor, () => emitted.some((e) => e.type === 'failed'))
    expect(actor.getSnapshot().context.error?.code).toBe('USER_REJECTED')
  })
})

describe('send machine: the form follows the account (SPEC §4)', () => {
  it('a switch to another namespace resets the form', async () => {
    const { actor, ready } = start()
    fill(actor)
    await ready()
    actor.send({ type: 'ACCOUNT', account: account(solanaNetwork) })
    const { context } = actor.getSnapshot()
    expect([context.token, context.sendTokenAmount, context.receiverAddress]).toEqual([
      undefined,
      undefined,
      undefined,
    ])
  })

  it('another network of the same namespace keeps the form and estimates again', async () => {
    const { actor, estimated, ready } = start()
    fill(actor, nativeToken(otherEvmNetwork, '2'))
    actor.send({ type: 'ACCOUNT', account: account(otherEvmNetwork) })
    await ready()
    expect(actor.getSnapshot().context.sendTokenAmount).toBe('1')
    expect(estimated.at(-1)?.network).toEqual(otherEvmNetwork)
  })

  it('the same account told again stops nothing in flight', async () => {
    const wallet = deferred<string>()
    const { actor, emitted } = start({ send: () => wallet.promise })
    fill(actor)
    actor.send({ type: 'SEND' })
    await waitFor(actor, (s) => s.matches({ sending: 'submitting' }))
    actor.send({ type: 'ACCOUNT', account: account() })
    expect(actor.getSnapshot().matches({ sending: 'submitting' })).toBe(true)
    wallet.resolve(`0x${'12'.repeat(32)}`)
    await waitFor(actor, () => emitted.some((e) => e.type === 'sent'))
  })

  it('RESET empties the form', async () => {
    const { actor, ready } = start()
    fill(actor)
    await ready()
    actor.send({ type: 'RESET' })
    expect(actor.getSnapshot().context.receiverAddress).toBeUndefined()
  })
})

describe('send machine: the Send view shown and left (the root tells)', () => {
  it('HIDE stops an estimate in flight, keeping the form; SHOW estimates again', async () => {
    const fee = deferred<bigint | null>()
    const { actor, estimated, ready } = start({ fee: () => fee.promise })
    fill(actor)
    expect(actor.getSnapshot().matches({ editing: 'estimating' })).toBe(true)
    actor.send({ type: 'HIDE' })
    expect(actor.getSnapshot().matches({ editing: 'hidden' })).toBe(true)
    fee.resolve(GAS_FEE)
    await Promise.resolve()
    // The late answer did not land: the estimate was stopped.
    expect(actor.getSnapshot().context.fee).toBeUndefined()
    expect(actor.getSnapshot().context.sendTokenAmount).toBe('1')
    actor.send({ type: 'SHOW' })
    await ready()
    expect(estimated).toHaveLength(2)
    expect(actor.getSnapshot().context.fee).toBe(GAS_FEE)
  })

  it('HIDE leaves a send at the wallet alone', async () => {
    const wallet = deferred<string>()
    const { actor, emitted } = start({ send: () => wallet.promise })
    fill(actor)
    actor.send({ type: 'SEND' })
    await waitFor(actor, (s) => s.matches({ sending: 'submitting' }))
    actor.send({ type: 'HIDE' })
    expect(actor.getSnapshot().matches({ sending: 'submitting' })).toBe(true)
    wallet.resolve(`0x${'12'.repeat(32)}`)
    await waitFor(actor, () => emitted.some((e) => e.type === 'sent'))
  })
})

describe('send machine: names as receivers', () => {
  it('a name is resolved to its address, with its name and avatar shown', async () => {
    const asked: ResolveNameInput[] = []
    const { actor, ready } = start({
      resolve: async (input) => {
        asked.push(input)
        return { address: EVM_RECEIVER, avatar: 'https://127.0.0.1/alice.png' }
      },
    })
    fill(actor, undefined, '1', 'alice.latch.id')
    await ready()
    expect(asked).toEqual([{ name: 'alice.latch.id', network: evmNetwork }])
    const { context } = actor.getSnapshot()
    expect(context.receiverAddress).toBe(EVM_RECEIVER)
    expect(context.receiverProfileName).toBe('alice.latch.id')
    expect(context.receiverProfileImageUrl).toBe('https://127.0.0.1/alice.png')
  })

  it("an unknown name shows 'Error resolving name' and cannot be sent to", async () => {
    const { actor, sent, ready } = start({ resolve: async () => null })
    fill(actor, undefined, '1', 'nobody.eth')
    await ready()
    expect(actor.getSnapshot().context.error?.message).toBe('Error resolving name')
    actor.send({ type: 'SEND' })
    await ready()
    expect(sent).toHaveLength(0)
  })

  it('typing on stops the lookup in flight: a late answer does not land', async () => {
    const first = deferred<ResolvedName | null>()
    const { actor, ready } = start({
      resolve: (input) =>
        input.name === 'old.eth' ? first.promise : Promise.resolve({ address: EVM_RECEIVER }),
    })
    actor.send({ type: 'SET_RECEIVER', receiver: 'old.eth' })
    actor.send({ type: 'SET_RECEIVER', receiver: 'new.eth' })
    await ready()
    first.resolve({ address: '0x000000000000000000000000000000000000dEaD' })
    await Promise.resolve()
    expect(actor.getSnapshot().context.receiverAddress).toBe(EVM_RECEIVER)
    expect(actor.getSnapshot().context.receiverProfileName).toBe('new.eth')
  })
})
