import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { TransactionRequest } from '../../adapter/contract.js'
import { deferred } from '../../test/deferred.js'
import {
  account,
  erc20Token,
  EVM_RECEIVER,
  evmNetwork,
  nativeToken,
  TOKEN_CONTRACT,
} from '../../test/send-fixtures.js'
import type { ResolvedName, ResolveNameInput } from './send.types.js'
import { findSendToken, runPageSend, type PageSend } from './page-send.js'
import { sendMachine } from './send.machine.js'
import { pendingTransactionsMachine } from './pending-transactions.machine.js'
import { sendServiceMachine, type SendServiceInput } from './send.service.js'

const tokenBalances = [nativeToken(evmNetwork, '2', 3000), erc20Token('50')]

function logic(
  options: {
    send?: (request: TransactionRequest) => Promise<string>
    resolve?: (input: ResolveNameInput) => Promise<ResolvedName | null>
  } = {},
) {
  const sent: TransactionRequest[] = []
  const machine = sendMachine.provide({
    actors: {
      sendTransaction: fromPromise<string, TransactionRequest>(async ({ input }) => {
        sent.push(input)
        return (options.send ?? (async () => `0x${'ab'.repeat(32)}`))(input)
      }),
      estimateFee: fromPromise<bigint | null, TransactionRequest>(async () => 0n),
      resolveName: fromPromise<ResolvedName | null, ResolveNameInput>(({ input }) =>
        (options.resolve ?? (async () => null))(input),
      ),
    },
  })
  return { machine, sent }
}

/**
 * The send flow's keeper, as an instance spawns it, around `machine` (the page send's logic);
 * its listeners are left out: a page send needs none of them.
 */
function keeper(machine: ReturnType<typeof logic>['machine']) {
  const quiet = sendServiceMachine.provide({ actors: { watch: fromCallback(() => undefined) } })
  const idle = createActor(machine, { input: {} }).start()
  const pending = createActor(pendingTransactionsMachine, { input: {} }).start()
  const port = {} as unknown as SendServiceInput['port']
  return createActor(quiet, {
    input: { port, sendForm: idle, pendingTransactions: pending, pageLogic: machine },
  }).start()
}

const page = (machine: ReturnType<typeof logic>['machine'], send: PageSend) =>
  runPageSend(keeper(machine), { account: account(), tokenBalances, send })

describe('latch.send({ token, amount, to }) core: runPageSend', () => {
  it('sends the native coin when no token is named, and resolves with the hash', async () => {
    const { machine, sent } = logic()
    await expect(page(machine, { amount: '0.5', to: EVM_RECEIVER })).resolves.toEqual({
      hash: `0x${'ab'.repeat(32)}`,
      network: evmNetwork,
      kind: 'native',
      after: 'refreshBalance',
      transfer: { amount: '0.5', symbol: 'ETH', to: EVM_RECEIVER },
    })
    expect(sent[0]).toMatchObject({ to: EVM_RECEIVER, value: 5n * 10n ** 17n })
  })

  it('sends an ERC-20 named by its contract address', async () => {
    const { machine, sent } = logic()
    await page(machine, { token: TOKEN_CONTRACT.toLowerCase(), amount: '1', to: EVM_RECEIVER })
    expect(sent[0]?.to).toBe(TOKEN_CONTRACT)
  })

  it('rejects with the SPEC text, and sends nothing', async () => {
    const { machine, sent } = logic()
    await expect(page(machine, { amount: 'abc', to: EVM_RECEIVER })).rejects.toThrow(
      'An amount and receiver address are required',
    )
    await expect(page(machine, { token: '0x1234', amount: '1', to: EVM_RECEIVER })).rejects.toThrow(
      'A token is required',
    )
    expect(sent).toHaveLength(0)
  })

  it('rejects with USER_REJECTED when the wallet refuses', async () => {
    const { machine } = logic({
      send: () => Promise.reject(Object.assign(new Error('no'), { code: 4001 })),
    })
    await expect(page(machine, { amount: '1', to: EVM_RECEIVER })).rejects.toMatchObject({
      code: 'USER_REJECTED',
    })
  })

  it('waits for a name to resolve, then sends to its address', async () => {
    const name = deferred<ResolvedName | null>()
    const { machine, sent } = logic({ resolve: () => name.promise })
    const sending = page(machine, { amount: '1', to: 'alice.eth' })
    await Promise.resolve()
    expect(sent).toHaveLength(0)
    name.resolve({ address: EVM_RECEIVER })
    await sending
    expect(sent[0]?.to).toBe(EVM_RECEIVER)
  })

  it("a name that does not resolve rejects with 'Error resolving name'", async () => {
    const { machine, sent } = logic({ resolve: async () => null })
    await expect(page(machine, { amount: '1', to: 'nobody.eth' })).rejects.toThrow(
      'Error resolving name',
    )
    expect(sent).toHaveLength(0)
  })
})

describe('findSendToken', () => {
  it('without balances, the native coin has its network decimals and no known balance', () => {
    expect(findSendToken([], evmNetwork, undefined)).toMatchObject({
      symbol: 'ETH',
      chainId: evmNetwork.caipNetworkId,
      quantity: { decimals: '18' },
    })
  })

  it('matches a CAIP-10 token address too', () => {
    const token = erc20Token('50')
    expect(findSendToken([token], evmNetwork, token.address)).toBe(token)
  })
})
