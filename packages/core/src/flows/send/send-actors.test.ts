import { createActor, toPromise, type PromiseActorLogic } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { TransactionRequest } from '../../adapter/contract.js'
import { account, cosmosNetwork, EVM_RECEIVER, solanaNetwork } from '../../test/send-fixtures.js'
import { sendActors, type SendAdapter } from './send-actors.js'

const request = (network = account().network): TransactionRequest => ({
  connectorId: 'io.latch.devwallet',
  network,
  from: account(network).address,
  to: EVM_RECEIVER,
  value: 1n,
})

/** An adapter with just the send calls, as a test double of the contract. */
function adapter(overrides: Partial<SendAdapter> = {}) {
  const calls: string[] = []
  const value: SendAdapter = {
    sendTransaction: async () => {
      calls.push('sendTransaction')
      return 'hash'
    },
    ...overrides,
  }
  return { value, calls }
}

const run = <T, I>(logic: PromiseActorLogic<T, I>, input: I) =>
  toPromise(createActor(logic, { input }).start())

describe('sendActors: routing by namespace (SPEC §4)', () => {
  it('sends through the namespace adapter', async () => {
    const evm = adapter()
    const actors = sendActors(new Map<string, SendAdapter>([['eip155', evm.value]]))
    await expect(run(actors.sendTransaction, request())).resolves.toBe('hash')
    expect(evm.calls).toEqual(['sendTransaction'])
  })

  it("any other namespace is 'Unsupported chain', and no adapter is asked", async () => {
    const actors = sendActors(new Map())
    await expect(run(actors.sendTransaction, request(cosmosNetwork))).rejects.toThrow(
      'Unsupported chain',
    )
  })

  it('a wallet refusal becomes USER_REJECTED', async () => {
    const evm = adapter({
      sendTransaction: () => Promise.reject(Object.assign(new Error('denied'), { code: 4001 })),
    })
    const actors = sendActors(new Map<string, SendAdapter>([['eip155', evm.value]]))
    await expect(run(actors.sendTransaction, request())).rejects.toMatchObject({
      code: 'USER_REJECTED',
    })
  })
})

describe('sendActors: fee estimation (SPEC §5: EVM only)', () => {
  it('uses the adapter estimate on EVM, and null when the adapter has none', async () => {
    const withFee = adapter({ estimateFee: async () => 42n })
    const withoutFee = adapter()
    await expect(
      run(
        sendActors(new Map<string, SendAdapter>([['eip155', withFee.value]])).estimateFee,
        request(),
      ),
    ).resolves.toBe(42n)
    await expect(
      run(
        sendActors(new Map<string, SendAdapter>([['eip155', withoutFee.value]])).estimateFee,
        request(),
      ),
    ).resolves.toBeNull()
  })

  it('is zero elsewhere, without asking the adapter', async () => {
    const sol = adapter({ estimateFee: () => Promise.reject(new Error('not asked')) })
    const actors = sendActors(new Map<string, SendAdapter>([['solana', sol.value]]))
    await expect(run(actors.estimateFee, request(solanaNetwork))).resolves.toBe(0n)
  })
})

describe('sendActors: names', () => {
  it('asks the injected resolver, with an abort signal; null without one', async () => {
    const seen: unknown[] = []
    const actors = sendActors(new Map(), async ({ name, signal }) => {
      seen.push([name, signal instanceof AbortSignal])
      return { address: EVM_RECEIVER }
    })
    const input = { name: 'alice.eth', network: account().network }
    await expect(run(actors.resolveName, input)).resolves.toEqual({ address: EVM_RECEIVER })
    expect(seen).toEqual([['alice.eth', true]])
    await expect(run(sendActors(new Map()).resolveName, input)).resolves.toBeNull()
  })
})
