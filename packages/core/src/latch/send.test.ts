import { describe, expect, it } from 'vitest'
import type { TransactionOutcome, TransactionRequest } from '../adapter/contract.js'
import { isLatchError } from '../errors/latch-error.js'
import { selectRoute } from '../machines/modal.selectors.js'
import { route } from '../router/routes.js'
import { selectSendProblem, selectSendStatus } from '../flows/send/send.selectors.js'
import type { SendActor } from '../flows/send/send.machine.js'
import { PAGE_RECEIPT_TIMEOUT_MS } from '../flows/send/transaction-timings.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { deferred, flush, type Deferred } from '../test/deferred.js'
import { createFakeAdapter, fakeWallet } from '../test/fake-adapter.js'
import { devnetA, devnetB, solanaLocal } from '../testing/networks.js'
import { erc20Token, EVM_RECEIVER, nativeToken, TOKEN_CONTRACT } from '../test/send-fixtures.js'
import { createLatch } from './create-latch.js'

/*
 * Issue 15 through createLatch with no view: the root feeds the send machine, relays what it
 * emits, follows each transaction and toasts its outcome. A host without React gets all of it.
 */

const HASH = `0x${'12'.repeat(32)}`
const SOL_ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
const SOL_RECEIVER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

/** A connected EVM account holding 1 ETH and 50 LTT, whose wallet and chain the test drives. */
async function sendSetup(options: { pollPendingTransactions?: boolean } = {}) {
  const fake = createFakeAdapter('eip155', [fakeWallet('io.dev.a', { balance: 10n ** 18n })])
  const sent: TransactionRequest[] = []
  const follows: { hash: string; timeoutMs: number; outcome: Deferred<TransactionOutcome> }[] = []
  let answer: (request: TransactionRequest) => Promise<string> = async () => HASH
  fake.adapter.getTokenBalances = async ({ network }) => [
    { ...nativeToken(network, '1', 3000), value: 3000 },
    erc20Token('50', network),
  ]
  fake.adapter.estimateFee = async () => 21_000n * 10n ** 9n
  fake.adapter.sendTransaction = (request) => {
    sent.push(request)
    return answer(request)
  }
  fake.adapter.followTransaction = ({ hash, timeoutMs, signal }) => {
    const outcome = deferred<TransactionOutcome>()
    signal?.addEventListener('abort', () => outcome.reject(new Error('aborted')))
    follows.push({ hash, timeoutMs, outcome })
    return outcome.promise
  }
  const latch = createLatch(
    { projectId: 'p', networks: [devnetA, devnetB], adapters: [fake.adapter], ...options },
    { storage: createMemoryStorage() },
  )
  await latch.connect({ connectorId: 'io.dev.a' })
  await flush()
  const form = (): SendActor => {
    if (!latch.sendForm) throw new Error('the send machine was not spawned')
    return latch.sendForm
  }
  const balanceReads = () => fake.calls.filter((call) => call.startsWith('balance:')).length
  const pending = () => latch.pendingTransactions?.getSnapshot().context.pending ?? []
  const toast = () => latch.toast.getSnapshot().context.toast
  const view = () => selectRoute(latch.modal.getSnapshot()).view
  const setAnswer = (next: typeof answer) => (answer = next)
  return { latch, fake, sent, follows, form, balanceReads, pending, toast, view, setAnswer }
}

/** Opens the Send view and fills its form as a visitor would (through the machine's events). */
async function fill(
  t: Awaited<ReturnType<typeof sendSetup>>,
  token: 'native' | 'erc20',
  amount = '0.1',
) {
  t.latch.open({ route: route('Send') })
  await flush()
  const { tokenBalances } = t.form().getSnapshot().context
  const chosen = tokenBalances.find((b) => (token === 'native' ? !b.address : !!b.address))
  t.form().send({ type: 'SET_TOKEN', token: chosen })
  t.form().send({ type: 'SET_AMOUNT', amount })
  t.form().send({ type: 'SET_RECEIVER', receiver: EVM_RECEIVER })
  await flush()
}

describe('send flow: the root feeds the form', () => {
  it('spawns the machines once the instance runs, and tells them the account and its tokens', async () => {
    const t = await sendSetup()
    const { account, tokenBalances, networkBalanceInUSD } = t.form().getSnapshot().context
    expect(account).toMatchObject({ connectorId: 'io.dev.a', network: devnetA })
    expect(tokenBalances.map((b) => b.symbol)).toEqual(['ETH', 'LTT'])
    expect(networkBalanceInUSD).toBe('3000')
    expect(t.latch.pendingTransactions?.getSnapshot().context.pollingIntervalMs).toBeUndefined()
  })

  it('showing Send estimates the fee; leaving it stops an estimate in flight', async () => {
    const t = await sendSetup()
    const estimate = deferred<bigint>()
    t.fake.adapter.estimateFee = () => estimate.promise
    await fill(t, 'native')
    expect(selectSendStatus(t.form().getSnapshot())).toBe('estimating')
    t.latch.close()
    await flush()
    expect(t.form().getSnapshot().matches({ editing: 'hidden' })).toBe(true)
    estimate.resolve(1n)
    await flush()
    expect(t.form().getSnapshot().context.fee).toBeUndefined()
  })
})

describe('send flow: after a send (SPEC §4 Sending)', () => {
  it('a native EVM send reads the balance again past the caches and resets the form', async () => {
    const t = await sendSetup()
    await fill(t, 'native')
    const before = t.balanceReads()
    t.form().send({ type: 'SEND' })
    await flush()
    expect(t.sent).toHaveLength(1)
    expect(t.sent[0]).toMatchObject({ to: EVM_RECEIVER, value: 10n ** 17n })
    expect(t.balanceReads()).toBe(before + 1)
    expect(t.form().getSnapshot().context.sendTokenAmount).toBeUndefined()
    expect(t.view()).toBe('Send')
  })

  it('an ERC-20 send replaces the view with Account, whose balances are read afresh', async () => {
    const t = await sendSetup()
    await fill(t, 'erc20', '2')
    const before = t.balanceReads()
    t.form().send({ type: 'SEND' })
    await flush()
    expect(t.sent[0]?.to).toBe(TOKEN_CONTRACT)
    expect(t.view()).toBe('Account')
    expect(t.latch.modal.getSnapshot().context.history.map((r) => r.view)).not.toContain('Send')
    expect(t.balanceReads()).toBe(before + 1)
  })

  it('a rejection keeps the form and shows it in the view; RETRY sends again', async () => {
    const t = await sendSetup()
    t.setAnswer(async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    })
    await fill(t, 'native')
    t.form().send({ type: 'SEND' })
    await flush()
    expect(isLatchError(selectSendProblem(t.form().getSnapshot()), 'USER_REJECTED')).toBe(true)
    expect(t.form().getSnapshot().context.sendTokenAmount).toBe('0.1')
    // The view on show tells the visitor itself: no toast on top of it.
    expect(t.toast()).toBeUndefined()
    t.setAnswer(async () => HASH)
    t.latch.actor.send({ type: 'RETRY' })
    await flush()
    expect(t.sent).toHaveLength(2)
    expect(t.form().getSnapshot().context.lastRetry).toBeTypeOf('number')
    // Sent this time: the form is reset (a native EVM send).
    expect(t.form().getSnapshot().context.sendTokenAmount).toBeUndefined()
  })

  it('a failure with the Send view gone is a toast', async () => {
    const t = await sendSetup()
    const wallet = deferred<string>()
    t.setAnswer(() => wallet.promise)
    await fill(t, 'native')
    t.form().send({ type: 'SEND' })
    await flush()
    t.latch.close()
    wallet.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }))
    await flush()
    expect(t.toast()).toMatchObject({ variant: 'error', code: 'USER_REJECTED' })
  })
})

describe('send flow: transactions followed to the end', () => {
  it('watches a sent transaction, toasts it pending, then its outcome', async () => {
    const t = await sendSetup()
    await fill(t, 'native')
    t.form().send({ type: 'SEND' })
    await flush()
    expect(t.pending().map((p) => p.hash)).toEqual([HASH])
    expect(t.follows[0]).toMatchObject({ hash: HASH, timeoutMs: 180_000 })
    expect(t.toast()).toMatchObject({ variant: 'loading', message: 'Transaction pending' })
    t.follows[0]!.outcome.resolve({ status: 'replaced', reason: 'repriced', replacement: '0x1' })
    await flush()
    expect(t.pending()).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(t.toast()).toMatchObject({ variant: 'info', message: 'Transaction repriced' })
  })

  it('reads the balance again, past the caches, once a followed transaction is confirmed', async () => {
    const t = await sendSetup()
    await fill(t, 'native')
    t.form().send({ type: 'SEND' })
    await flush()
    // At the hash the block may not be mined yet: the confirmation is what makes it final.
    const atHash = t.balanceReads()
    t.follows[0]!.outcome.resolve({ status: 'confirmed' })
    await flush()
    expect(t.pending()).toEqual([])
    expect(t.balanceReads()).toBe(atHash + 1)
  })

  it('a disconnect stops following every transaction', async () => {
    const t = await sendSetup()
    await fill(t, 'native')
    t.form().send({ type: 'SEND' })
    await flush()
    expect(t.pending()).toHaveLength(1)
    await t.latch.disconnect()
    await flush()
    expect(t.pending()).toEqual([])
    await expect(t.follows[0]!.outcome.promise).rejects.toThrow('aborted')
  })

  it('pollPendingTransactions turns on the 30 000 ms pending polling (SPEC §9)', async () => {
    const t = await sendSetup({ pollPendingTransactions: true })
    expect(t.latch.pendingTransactions?.getSnapshot().context.pollingIntervalMs).toBe(30_000)
  })
})

describe('send flow: a switch to another namespace resets the form (SPEC §4)', () => {
  it('empties the form filled on EVM once Solana is active', async () => {
    const evm = createFakeAdapter('eip155', [fakeWallet('io.dev.evm')])
    const solana = createFakeAdapter('solana', [
      fakeWallet('io.dev.sol', {
        chain: 'solana',
        accounts: [{ address: SOL_ADDRESS, type: 'eoa' }],
        chainReference: String(solanaLocal.id),
        knownChains: new Set([String(solanaLocal.id)]),
      }),
    ])
    const latch = createLatch(
      { projectId: 'p', networks: [devnetA, solanaLocal], adapters: [evm.adapter, solana.adapter] },
      { storage: createMemoryStorage() },
    )
    await latch.connect({ connectorId: 'io.dev.sol' })
    await latch.connect({ connectorId: 'io.dev.evm' })
    await flush()
    latch.sendForm!.send({ type: 'SET_AMOUNT', amount: '1' })
    latch.sendForm!.send({ type: 'SET_RECEIVER', receiver: SOL_RECEIVER })
    await latch.switchNetwork(solanaLocal)
    await flush()
    const { context } = latch.sendForm!.getSnapshot()
    expect(context.account?.network.chainNamespace).toBe('solana')
    expect(context.sendTokenAmount).toBeUndefined()
    expect(context.receiverAddress).toBeUndefined()
    latch.destroy()
  })
})

describe('latch.send({ token, amount, to })', () => {
  it('resolves with the hash once its receipt is confirmed, followed with the 25 s wait', async () => {
    const t = await sendSetup()
    const result = t.latch.send({ amount: '0.5', to: EVM_RECEIVER })
    await flush()
    expect(t.sent[0]).toMatchObject({ to: EVM_RECEIVER, value: 5n * 10n ** 17n })
    expect(t.follows[0]).toMatchObject({ hash: HASH, timeoutMs: PAGE_RECEIPT_TIMEOUT_MS })
    t.follows[0]!.outcome.resolve({ status: 'confirmed' })
    await expect(result).resolves.toBe(HASH)
  })

  it("rejects with a revert's reason", async () => {
    const t = await sendSetup()
    const result = t.latch.send({ token: TOKEN_CONTRACT, amount: '1', to: EVM_RECEIVER })
    await flush()
    t.follows[0]!.outcome.resolve({ status: 'reverted', reason: 'Token paused' })
    await expect(result).rejects.toThrow('Token paused')
  })

  it('rejects with the SPEC texts and the wallet refusal, sending nothing invalid', async () => {
    const t = await sendSetup()
    await expect(t.latch.send({ amount: '', to: EVM_RECEIVER })).rejects.toThrow(
      'An amount and receiver address are required',
    )
    await expect(t.latch.send({ token: '0xdead', amount: '1', to: EVM_RECEIVER })).rejects.toThrow(
      'A token is required',
    )
    // Not the pageSendSchema's shape: a clear error, nothing sent.
    const bad = { amount: 1, to: EVM_RECEIVER } as unknown as Parameters<typeof t.latch.send>[0]
    await expect(t.latch.send(bad)).rejects.toThrow('An amount and receiver address are required')
    expect(t.sent).toEqual([])
    t.setAnswer(async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    })
    const refused = await t.latch.send({ amount: '0.1', to: EVM_RECEIVER }).catch((e) => e)
    expect(isLatchError(refused, 'USER_REJECTED')).toBe(true)
  })

  it('rejects with REQUEST_ABORTED when the instance is destroyed before the wallet answers', async () => {
    const t = await sendSetup()
    t.setAnswer(() => new Promise<string>(() => {}))
    const result = t.latch.send({ amount: '0.1', to: EVM_RECEIVER })
    await flush()
    t.latch.destroy()
    const error = await result.catch((e) => e)
    expect(isLatchError(error, 'REQUEST_ABORTED')).toBe(true)
  })

  it('without any connection, rejects with NO_ACTIVE_CAIP_ADDRESS', async () => {
    const latch = createLatch(
      { projectId: 'p', networks: [devnetA], adapters: [createFakeAdapter('eip155', []).adapter] },
      { storage: createMemoryStorage() },
    )
    const error = await latch.send({ amount: '1', to: EVM_RECEIVER }).catch((e) => e)
    expect(isLatchError(error, 'NO_ACTIVE_CAIP_ADDRESS')).toBe(true)
    latch.destroy()
  })
})
