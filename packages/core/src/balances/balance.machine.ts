import { assign, emit, fromPromise, not, setup } from 'xstate'
import type { ChainAdapter } from '../adapter/contract.js'
import { LatchError } from '../errors/latch-error.js'
import { formatAmount } from '../identifiers/amount.js'
import type { ChainNamespace } from '../identifiers/types.js'
import type { AccountData } from '../machines/connection.types.js'
import {
  BALANCE_FALLBACK,
  fallbackSymbol,
  isBalanceReadable,
  isCoolingDown,
  withFailure,
  withoutZeroDecimalTokens,
  type BalanceFailures,
  type BalanceTarget,
} from './balance-rules.js'
import type { TokenBalance } from './token-balance.js'

export interface BalanceInput {
  /** The adapter of each namespace, asked for balances. */
  adapters: ReadonlyMap<ChainNamespace, ChainAdapter>
}

export interface BalanceContext extends BalanceInput {
  /** Whose balance is shown; undefined while nothing is connected. */
  target?: BalanceTarget
  /** SPEC §4 cooldown: failed reads by target key, with when they failed. */
  failures: BalanceFailures
}

export type BalanceEvent =
  /** The current account, its chain or its network changed (the root tells). */
  { type: 'TARGET'; target: BalanceTarget | undefined }

export type BalanceEmitted =
  /** New account data for the target's namespace (balance, symbol, loading, tokens). */
  | { type: 'accountData'; namespace: ChainNamespace; data: AccountData }
  /** SPEC §8: the read failed: the Token Balance Unavailable toast. */
  | { type: 'unavailable' }

type AdapterRead = { target: BalanceTarget; adapter: ChainAdapter | undefined }

const adapterRead = ({ context }: { context: BalanceContext }): AdapterRead => ({
  target: context.target!,
  adapter: context.target && context.adapters.get(context.target.namespace),
})

/**
 * The current account's balance (SPEC §4, §8, §9), kept in the connection machine's account
 * data by the root. A new target restarts the read; the old read's actor is stopped, so a late
 * answer for another account never lands. Testnets and unsupported chains show 0.00 without a
 * read; a failed read shows 0.00 and is not tried again for 30 s; tokens with zero decimals
 * are dropped whichever adapter listed them.
 */
export const balanceMachine = setup({
  types: {
    context: {} as BalanceContext,
    events: {} as BalanceEvent,
    input: {} as BalanceInput,
    emitted: {} as BalanceEmitted,
  },
  actors: {
    readNative: fromPromise<AccountData, AdapterRead>(async ({ input, signal }) => {
      const { target, adapter } = input
      if (!adapter || !isBalanceReadable(target)) throw new LatchError('CHAIN_ADAPTER_NOT_FOUND')
      const balance = await adapter.getBalance({
        address: target.address,
        network: target.network,
        signal,
      })
      return {
        balance: formatAmount(balance.value, balance.decimals),
        balanceSymbol: balance.symbol,
        balanceLoading: false,
      }
    }),
    readTokens: fromPromise<TokenBalance[], AdapterRead>(async ({ input, signal }) => {
      const { target, adapter } = input
      if (!adapter?.getTokenBalances || !isBalanceReadable(target)) return []
      const tokens = await adapter.getTokenBalances({
        connectorId: target.connectorId,
        address: target.address,
        network: target.network,
        signal,
      })
      return withoutZeroDecimalTokens(tokens)
    }),
  },
  guards: {
    hasTarget: ({ event }) => event.target !== undefined,
    /** SPEC §9: testnets, unsupported chains and namespaces without an adapter are not read. */
    isReadable: ({ context }) =>
      !!context.target &&
      isBalanceReadable(context.target) &&
      context.adapters.has(context.target.namespace),
    /** SPEC §4: a read that failed less than 30 s ago is not tried again. */
    isCoolingDown: ({ context }) =>
      !!context.target && isCoolingDown(context.failures, context.target.key, Date.now()),
    listsTokens: ({ context, event }) =>
      !!event.target &&
      isBalanceReadable(event.target) &&
      !!context.adapters.get(event.target.namespace)?.getTokenBalances,
  },
  actions: {
    assignTarget: assign(({ event }) => ({ target: event.target })),
    recordFailure: assign(({ context }) => ({
      failures: context.target
        ? withFailure(context.failures, context.target.key, Date.now())
        : context.failures,
    })),
    showLoading: emit(({ context }) => ({
      type: 'accountData' as const,
      namespace: context.target!.namespace,
      data: { balanceLoading: true },
    })),
    showFallback: emit(({ context }) => ({
      type: 'accountData' as const,
      namespace: context.target!.namespace,
      data: {
        balance: BALANCE_FALLBACK,
        balanceSymbol: fallbackSymbol(context.target!),
        balanceLoading: false,
      },
    })),
    showRead: emit(({ context }, data: AccountData) => ({
      type: 'accountData' as const,
      namespace: context.target!.namespace,
      data,
    })),
    tellUnavailable: emit({ type: 'unavailable' as const }),
  },
}).createMachine({
  id: 'balance',
  context: ({ input }) => ({ adapters: input.adapters, failures: {} }),
  type: 'parallel',
  states: {
    native: {
      initial: 'idle',
      on: {
        TARGET: [
          // Not `reenter`: that would re-enter this region's parent and cut the tokens region's
          // transition for the same event. A target child is re-entered anyway.
          { guard: 'hasTarget', target: '.deciding', actions: 'assignTarget' },
          { target: '.idle', actions: 'assignTarget' },
        ],
      },
      states: {
        idle: {},
        /** Transient: read, or show 0.00 without a read. */
        deciding: {
          always: [
            { guard: not('isReadable'), target: 'idle', actions: 'showFallback' },
            // Already told: the toast is not repeated while the cooldown lasts.
            { guard: 'isCoolingDown', target: 'idle', actions: 'showFallback' },
            { target: 'reading' },
          ],
        },
        reading: {
          entry: 'showLoading',
          invoke: {
            src: 'readNative',
            input: adapterRead,
            onDone: {
              target: 'idle',
              actions: { type: 'showRead', params: ({ event }) => event.output },
            },
            onError: {
              target: 'idle',
              actions: ['recordFailure', 'showFallback', 'tellUnavailable'],
            },
          },
        },
      },
    },
    tokens: {
      initial: 'idle',
      on: {
        TARGET: [{ guard: 'listsTokens', target: '.reading' }, { target: '.idle' }],
      },
      states: {
        idle: {},
        reading: {
          invoke: {
            src: 'readTokens',
            input: adapterRead,
            onDone: {
              target: 'idle',
              actions: {
                type: 'showRead',
                params: ({ event }) => ({ tokenBalance: event.output }),
              },
            },
            // The token list is extra: its failure leaves the native balance alone.
            onError: 'idle',
          },
        },
      },
    },
  },
})
