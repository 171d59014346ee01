import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import {
  queryLocalDirectory,
  WALLET_SEARCH_LIMIT,
  WALLETS_PER_PAGE,
  type WalletPage,
  type WalletQuery,
} from '../directory/query.js'
import type { DirectoryWallet } from '../directory/wallet.js'
import type { LatchError } from '../errors/latch-error.js'
import { toLatchError } from '../errors/rpc-error.js'
import type { FlowControlEvent } from '../flows/control-event.js'
import type { LatchDirectory } from './latch-directory.js'

/** A remote search waits this long after the last keystroke, so typing sends one request. */
export const DIRECTORY_SEARCH_DEBOUNCE_MS = 250

export interface WalletDirectoryInput {
  directory: LatchDirectory
  /** The host's `includeWalletIds`: when not empty, only these are listed. */
  includeWalletIds?: readonly string[]
  /** The host's `excludeWalletIds`: never listed (by id, rdns or name). */
  excludeWalletIds?: readonly string[]
  /** The host's `featuredWalletIds`: fetched with the first page, to recommend them first. */
  featuredWalletIds?: readonly string[]
}

export interface WalletDirectoryContext {
  directory: LatchDirectory
  include: readonly string[]
  exclude: readonly string[]
  featuredIds: readonly string[]
  /** The search in force, trimmed; '' lists every wallet page by page. */
  search: string
  /** The wallets loaded so far for `search` (kept on screen while a remote search loads). */
  wallets: DirectoryWallet[]
  /** How many wallets match in all (a search: at most {@link WALLET_SEARCH_LIMIT}). */
  count: number
  /** Pages loaded for the current search; 0 until the first one arrives. */
  page: number
  /** The featured wallets (from the first page's request), to recommend from. */
  featured: DirectoryWallet[]
  error?: LatchError
}

export type WalletDirectoryEvent =
  /** What the root tells a run (flows/flow.ts): AllWallets' browse is one; RETRY is handled. */
  | FlowControlEvent
  /** Load the next page (the list's end came near). Ignored while searching or when all are in. */
  | { type: 'LOAD_MORE' }
  /** The search text changed; blank lists everything again. */
  | { type: 'SEARCH'; text: string }
  /** Try the failed request again. */
  | { type: 'RETRY' }

export interface PageRequest {
  directory: LatchDirectory
  query: WalletQuery
  /** The featured wallets' query, sent with the first page of the full list. */
  featuredQuery?: WalletQuery
}

export interface PageResult {
  /** The query answered, so the result lands where it belongs. */
  query: WalletQuery
  page: WalletPage<DirectoryWallet>
  featured?: DirectoryWallet[]
}

/** The next request: a search is one page of up to 100 (SPEC §9); the list, pages of 40. */
function nextRequest(context: WalletDirectoryContext): PageRequest {
  const base = { include: context.include, exclude: context.exclude }
  const query: WalletQuery = context.search
    ? { ...base, page: 1, entries: WALLET_SEARCH_LIMIT, search: context.search }
    : { ...base, page: context.page + 1, entries: WALLETS_PER_PAGE }
  const withFeatured = !context.search && context.page === 0 && context.featuredIds.length > 0
  return {
    directory: context.directory,
    query,
    ...(withFeatured
      ? {
          featuredQuery: {
            ...base,
            page: 1,
            entries: context.featuredIds.length,
            include: context.featuredIds,
          },
        }
      : {}),
  }
}

function answerLocally(request: PageRequest, wallets: readonly DirectoryWallet[]): PageResult {
  const page = queryLocalDirectory(wallets, request.query)
  return request.featuredQuery
    ? {
        query: request.query,
        page,
        featured: queryLocalDirectory(wallets, request.featuredQuery).data,
      }
    : { query: request.query, page }
}

function hasMorePages(context: WalletDirectoryContext): boolean {
  return !context.search && context.page > 0 && context.wallets.length < context.count
}

function applyResult(
  context: WalletDirectoryContext,
  result: PageResult,
): Partial<WalletDirectoryContext> {
  const first = result.query.page === 1
  return {
    wallets: first ? result.page.data : [...context.wallets, ...result.page.data],
    count: result.page.count,
    page: result.query.page,
    ...(result.featured ? { featured: result.featured } : {}),
    error: undefined,
  }
}

/**
 * Browses the wallet directory for the wallet lists: the full list page by page (40, SPEC §9),
 * or a search (up to 100 results). A local directory answers synchronously, in the same
 * transition as the keystroke; a remote one is debounced, and a newer search or page cancels
 * the request in flight. Failures keep the wallets already shown and wait for RETRY.
 */
export const walletDirectoryMachine = setup({
  types: {
    context: {} as WalletDirectoryContext,
    events: {} as WalletDirectoryEvent,
    input: {} as WalletDirectoryInput,
  },
  actors: {
    fetchPage: fromPromise<PageResult, PageRequest>(async ({ input, signal }) => {
      // Stopped (a newer search, the view left), its signal aborts the request; xstate drops
      // whatever a stopped actor settles with, so a late page or failure lands nowhere.
      const { client } = input.directory
      const [page, featured] = await Promise.all([
        client.getWallets(input.query, { signal }),
        input.featuredQuery ? client.getWallets(input.featuredQuery, { signal }) : undefined,
      ])
      return featured
        ? { query: input.query, page, featured: featured.data }
        : { query: input.query, page }
    }),
  },
  delays: { SEARCH_DEBOUNCE: DIRECTORY_SEARCH_DEBOUNCE_MS },
  guards: {
    isLocal: ({ context }) => context.directory.localWallets !== undefined,
    hasMore: ({ context }) => hasMorePages(context),
    isSameSearch: ({ context, event }) =>
      event.type === 'SEARCH' && event.text.trim() === context.search,
  },
  actions: {
    assignSearch: assign(({ event }) =>
      event.type === 'SEARCH' ? { search: event.text.trim(), page: 0 } : {},
    ),
    answerLocally: assign(({ context }) =>
      applyResult(context, answerLocally(nextRequest(context), context.directory.localWallets!)),
    ),
  },
}).createMachine({
  id: 'walletDirectory',
  context: ({ input }) => ({
    directory: input.directory,
    include: input.includeWalletIds ?? [],
    exclude: input.excludeWalletIds ?? [],
    featuredIds: input.featuredWalletIds ?? [],
    search: '',
    wallets: [],
    count: 0,
    page: 0,
    featured: [],
  }),
  initial: 'loading',
  on: {
    SEARCH: [
      { guard: 'isSameSearch' },
      { guard: 'isLocal', target: '.loading', reenter: true, actions: 'assignSearch' },
      { target: '.debouncing', reenter: true, actions: 'assignSearch' },
    ],
  },
  states: {
    /** Decides how the next page is answered; never rests here. */
    loading: {
      always: [
        { guard: 'isLocal', target: 'ready', actions: 'answerLocally' },
        { target: 'fetching' },
      ],
    },
    debouncing: {
      after: { SEARCH_DEBOUNCE: 'loading' },
    },
    fetching: {
      invoke: {
        src: 'fetchPage',
        input: ({ context }) => nextRequest(context),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => applyResult(context, event.output)),
        },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({ error: toLatchError(event.error) })),
        },
      },
    },
    ready: {
      on: { LOAD_MORE: { guard: 'hasMore', target: 'loading' } },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
  },
})

export type WalletDirectorySnapshot = SnapshotFrom<typeof walletDirectoryMachine>
export type WalletDirectoryActor = ActorRefFrom<typeof walletDirectoryMachine>

/** What a list shows of a browse not started yet (before the instance runs): nothing, loading. */
const NOT_STARTED: WalletDirectoryView = {
  status: 'loading',
  search: '',
  wallets: [],
  count: 0,
  hasMore: false,
  pool: [],
}

/** What a wallet list shows of the directory. */
export interface WalletDirectoryView {
  status: 'loading' | 'ready' | 'failed'
  search: string
  wallets: readonly DirectoryWallet[]
  count: number
  /** More pages exist: the list loads the next one when its end comes near. */
  hasMore: boolean
  /** The wallets to recommend from: the featured ones, then the first page. */
  pool: readonly DirectoryWallet[]
  error?: LatchError
}

/** What a list shows of a browse; `undefined` (none started yet) shows as loading, empty. */
export function selectWalletDirectory(
  snapshot: WalletDirectorySnapshot | undefined,
): WalletDirectoryView {
  if (!snapshot) return NOT_STARTED
  const { context } = snapshot
  const status = snapshot.matches('failed')
    ? 'failed'
    : snapshot.matches('ready')
      ? 'ready'
      : 'loading'
  return {
    status,
    search: context.search,
    wallets: context.wallets,
    count: context.count,
    hasMore: hasMorePages(context),
    pool: context.search ? context.featured : [...context.featured, ...context.wallets],
    ...(context.error ? { error: context.error } : {}),
  }
}
