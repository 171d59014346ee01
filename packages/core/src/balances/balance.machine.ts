import { assign, emit, fromPromise, not, setup } from 'xstate'
import type { ChainAdapter } from '../adapter/contract.js'
import { createTtlCache, type TtlCache } from '../clients/ttl-cache.js'
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
import { readTokenList, type PortfolioReader } from './token-sources.js'

/** SPEC §9: the native balance is cached 30 s (per target, per instance). */
export const NATIVE_BALANCE_CACHE_MS = 30_000

export interface BalanceInput {
  /** The adapter of each namespace, asked for balances. */
  adapters: ReadonlyMap<ChainNamespace, ChainAdapter>
  /** The Latch server's portfolio (SPEC §4: after the wallet's discovery, before the RPC). */
  portfolio?: PortfolioReader
  /** Native balances read in the last 30 s, by target key; a new cache when absent. */
  nativeCache?: TtlCache<AccountData>
}

export interface BalanceContext extends Omit<BalanceInput, 'nativeCache'> {
  nativeCache: TtlCache<AccountData>
  /** Whose balance is shown; undefined while nothing is connected. */
  target?: BalanceTarget
  /**
   * A fresh read was asked for this target (a send went through): the caches are skipped until
   * a read of it ends, so a plain read asked meanwhile (the Account view shown) keeps it fresh.
   */
  freshKey?: string
  /** SPEC §4 cooldown: failed reads by target key, with when they failed. */
  failures: BalanceFailures
}

export type BalanceEvent =
  /**
   * The current account, its chain or its network changed (the root tells); `fresh`: read the
   * same target again past the caches (a send went through).
   */
  | { type: 'TARGET'; target: BalanceTarget | undefined; fresh?: boolean }
  /**
   * The current target again (a flow asks): through the 30 s caches (the Account view shown),
   * or past them when `fresh` (a send went through).
   */
  | { type: 'READ'; fresh?: boolean }

export type BalanceEmitted =
  /** New account data for the target's namespace (balance, symbol, loading, tokens). */
  | { type: 'accountData'; namespace: ChainNamespace; data: AccountData }
  /** SPEC §8: the read failed: the Token Balance Unavailable toast. */
  | { type: 'unavailable' }

type AdapterRead = {
  target: BalanceTarget
  adapter: ChainAdapter | undefined
  portfolio: PortfolioReader | undefined
  nativeCache: TtlCache<AccountData>
  fresh: boolean
}

/** Whether the read of the current target skips the caches. */
const isFresh = (context: BalanceContext) =>
  context.target !== undefined && context.freshKey === context.target.key

const adapterRead = ({ context }: { context: BalanceContext }): AdapterRead => ({
  target: context.target!,
  adapter: context.target && context.adapters.get(context.target.namespace),
  portfolio: context.portfolio,
  nativeCache: context.nativeCache,
  fresh: isFresh(context),
})

/** The event's target: TARGET names it, READ means the current one. */
const targetOf = (context: BalanceContext, event: BalanceEvent) =>
  event.type === 'TARGET' ? event.target : context.target

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
      const { target, adapter, nativeCache } = input
      if (!adapter || !isBalanceReadable(target)) throw new LatchError('CHAIN_ADAPTER_NOT_FOUND')
      const balance = await adapter.getBalance({
        address: target.address,
        network: target.network,
        signal,
      })
      const data = {
        balance: formatAmount(balance.value, balance.decimals),
        balanceSymbol: balance.symbol,
        balanceLoading: false,
      }
      nativeCache.set(target.key, data)
      return data
    }),
    readTokens: fromPromise<TokenBalance[], AdapterRead>(async ({ input, signal }) => {
      const { target, adapter } = input
      if (!adapter || !isBalanceReadable(target)) return []
      const tokens = await readTokenList({
        connectorId: target.connectorId,
        address: target.address,
        network: target.network,
        adapter,
        portfolio: input.portfolio,
        signal,
        fresh: input.fresh,
      })
      return withoutZeroDecimalTokens(tokens)
    }),
  },
  guards: {
    hasTarget: ({ context, event }) => targetOf(context, event) !== undefined,
    /** SPEC §9: testnets, unsupported chains and namespaces without an adapter are not read. */
    isReadable: ({ context }) =>
      !!context.target &&
      isBalanceReadable(context.target) &&
      context.adapters.has(context.target.namespace),
    /** SPEC §9: read less than 30 s ago (and no fresh read asked): the same answer, at once. */
    isCached: ({ context }) =>
      !!context.target && !isFresh(context) && !!context.nativeCache.get(context.target.key),
    /** SPEC §4: a read that failed less than 30 s ago is not tried again. */
    isCoolingDown: ({ context }) =>
      !!context.target && isCoolingDown(context.failures, context.target.key, Date.now()),
    /** A READ through the caches, while a read of the current target is under way: it adds nothing. */
    isPlainRead: ({ event }) => event.type === 'READ' && event.fresh !== true,
    listsTokens: ({ context, event }) => {
      const target = targetOf(context, event)
      return (
        !!target &&
        isBalanceReadable(target) &&
        context.adapters.has(target.namespace) &&
        (!!context.portfolio || !!context.adapters.get(target.namespace)?.getTokenBalances)
      )
    },
  },
  actions: {
    assignTarget: assign(({ context, event }) => {
      const target = targetOf(context, event)
      // Fresh sticks to its target until a read of it ends; another target drops it.
      const keepFresh = context.freshKey !== undefined && context.freshKey === target?.key
      return {
        target,
        freshKey: event.fresh && target ? target.key : keepFresh ? context.freshKey : undefined,
      }
    }),
    /** A read of the current target ended: later reads may use the caches again. */
    endFresh: assign({ freshKey: undefined }),
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
  context: ({ input }) => ({
    adapters: input.adapters,
    ...(input.portfolio ? { portfolio: input.portfolio } : {}),
    nativeCache: input.nativeCache ?? createTtlCache(NATIVE_BALANCE_CACHE_MS),
    failures: {},
  }),
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
        READ: [{ guard: 'hasTarget', target: '.deciding', actions: 'assignTarget' }],
      },
      states: {
        idle: {},
        /** Transient: read, or show 0.00 without a read. */
        deciding: {
          always: [
            { guard: not('isReadable'), target: 'idle', actions: 'showFallback' },
            // Already told: the toast is not repeated while the cooldown lasts.
            { guard: 'isCoolingDown', target: 'idle', actions: 'showFallback' },
            // No loading state for an answer already in hand.
            {
              guard: 'isCached',
              target: 'idle',
              actions: {
                type: 'showRead',
                params: ({ context }) => context.nativeCache.get(context.target!.key)!,
              },
            },
            { target: 'reading' },
          ],
        },
        reading: {
          entry: 'showLoading',
          on: { READ: { guard: 'isPlainRead' } },
          invoke: {
            src: 'readNative',
            input: adapterRead,
            onDone: {
              target: 'idle',
              actions: ['endFresh', { type: 'showRead', params: ({ event }) => event.output }],
            },
            onError: {
              target: 'idle',
              actions: ['endFresh', 'recordFailure', 'showFallback', 'tellUnavailable'],
            },
          },
        },
      },
    },
    tokens: {
      initial: 'idle',
      on: {
        TARGET: [{ guard: 'listsTokens', target: '.reading' }, { target: '.idle' }],
        READ: [{ guard: 'listsTokens', target: '.reading' }],
      },
      states: {
        idle: {},
        reading: {
          on: { READ: { guard: 'isPlainRead' } },
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
