import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { TransactionRequest } from '../../adapter/contract.js'
import {
  account,
  EVM_RECEIVER,
  evmNetwork,
  nativeToken,
  SOLANA_RECEIVER,
  solanaNetwork,
} from '../../test/send-fixtures.js'
import { sendMachine } from './send.machine.js'
import {
  selectSendCanRetry,
  selectSendChoices,
  selectSendFee,
  selectSendMax,
  selectSendNotice,
  selectSendProblem,
  selectSendStatus,
  selectSendToken,
} from './send.selectors.js'

const FEE = 21_000n * 1_000_000_000n

function start(network = evmNetwork, send: () => Promise<string> = async () => '0xab') {
  const actor = createActor(
    sendMachine.provide({
      actors: {
        estimateFee: fromPromise<bigint | null, TransactionRequest>(async () => FEE),
        sendTransaction: fromPromise<string, TransactionRequest>(send),
      },
    }),
    { input: { account: account(network) } },
  ).start()
  actor.send({ type: 'BALANCES', tokenBalances: [nativeToken(network, '1', 2000)] })
  return actor
}

describe('send selectors: what the view shows as the visitor types', () => {
  it('the live problem follows each keystroke, in the SPEC texts', async () => {
    const actor = start()
    expect(selectSendProblem(actor.getSnapshot())?.message).toBe('A token is required')
    actor.send({ type: 'SET_TOKEN', token: nativeToken(evmNetwork, '1', 2000) })
    expect(selectSendProblem(actor.getSnapshot())?.message).toBe(
      'An amount and receiver address are required',
    )
    actor.send({ type: 'SET_AMOUNT', amount: '0.5' })
    actor.send({ type: 'SET_RECEIVER', receiver: EVM_RECEIVER })
    expect(selectSendStatus(actor.getSnapshot())).toBe('estimating')
    await waitFor(actor, (s) => selectSendStatus(s) === 'ready')
    expect(selectSendProblem(actor.getSnapshot())).toBeUndefined()
  })

  it('the EVM fee is shown in ETH and in USD', async () => {
    const actor = start()
    actor.send({ type: 'SET_TOKEN', token: nativeToken(evmNetwork, '1', 2000) })
    actor.send({ type: 'SET_AMOUNT', amount: '0.5' })
    actor.send({ type: 'SET_RECEIVER', receiver: EVM_RECEIVER })
    expect(selectSendFee(actor.getSnapshot())).toBeUndefined()
    await waitFor(actor, (s) => selectSendStatus(s) === 'ready')
    expect(selectSendFee(actor.getSnapshot())).toEqual({
      amount: '0.000021',
      symbol: 'ETH',
      usd: 0.000021 * 2000,
    })
  })

  it('elsewhere the fee is zero, without an estimate', () => {
    const actor = start(solanaNetwork)
    actor.send({ type: 'SET_AMOUNT', amount: '0.5' })
    actor.send({ type: 'SET_RECEIVER', receiver: SOLANA_RECEIVER })
    expect(selectSendStatus(actor.getSnapshot())).toBe('ready')
    expect(selectSendFee(actor.getSnapshot())).toMatchObject({ amount: '0', symbol: 'SOL' })
  })
})

describe('send selectors: the rules the form offers (one place, in core)', () => {
  it('Max is the balance, less the estimated fee for the native coin once it is known', async () => {
    const actor = start()
    actor.send({ type: 'SET_TOKEN', token: nativeToken(evmNetwork, '1', 2000) })
    expect(selectSendMax(actor.getSnapshot())).toBe('1')
    actor.send({ type: 'SET_AMOUNT', amount: '0.5' })
    actor.send({ type: 'SET_RECEIVER', receiver: EVM_RECEIVER })
    await waitFor(actor, (s) => selectSendStatus(s) === 'ready')
    expect(selectSendMax(actor.getSnapshot())).toBe('0.999979')
  })

  it('outside EVM the form sends the native coin, offered even without a token list', () => {
    const actor = start(solanaNetwork)
    actor.send({ type: 'BALANCES', tokenBalances: [] })
    const token = selectSendToken(actor.getSnapshot())
    expect(token?.symbol).toBe('SOL')
    expect(selectSendChoices(actor.getSnapshot())).toEqual([token])
    // Its balance is unknown: Max has nothing to offer.
    expect(selectSendMax(actor.getSnapshot())).toBeUndefined()
  })

  it('offers Retry after a wallet refusal, never for a broken form rule', async () => {
    const refused = Object.assign(new Error('User rejected the request.'), { code: 4001 })
    const actor = start(evmNetwork, async () => Promise.reject(refused))
    actor.send({ type: 'SET_TOKEN', token: nativeToken(evmNetwork, '1', 2000) })
    actor.send({ type: 'SEND' })
    expect(selectSendProblem(actor.getSnapshot())?.message).toBe(
      'An amount and receiver address are required',
    )
    expect(selectSendCanRetry(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'SET_AMOUNT', amount: '0.5' })
    actor.send({ type: 'SET_RECEIVER', receiver: EVM_RECEIVER })
    await waitFor(actor, (s) => selectSendStatus(s) === 'ready')
    actor.send({ type: 'SEND' })
    await waitFor(actor, (s) => s.context.error !== undefined)
    expect(selectSendProblem(actor.getSnapshot())?.code).toBe('USER_REJECTED')
    expect(selectSendCanRetry(actor.getSnapshot())).toBe(true)
  })
})

describe('send selectors: when the form speaks', () => {
  it('says nothing on an untouched form, then the live problem once the visitor acts', () => {
    const actor = start()
    expect(selectSendNotice(actor.getSnapshot())).toBeUndefined()
    actor.send({ type: 'SET_TOKEN', token: nativeToken(evmNetwork, '1', 2000) })
    expect(selectSendNotice(actor.getSnapshot())?.message).toBe(
      'An amount and receiver address are required',
    )
  })
})
