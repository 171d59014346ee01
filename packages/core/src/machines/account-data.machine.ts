import { assign, enqueueActions, fromPromise, setup } from 'xstate'
import { HISTORY_FALLBACK } from '../clients/history-fallback.js'
import type {
  AccountDataContext,
  AccountDataEmitted,
  AccountDataEvent,
  AccountList,
  FetchedPage,
  PageRequest,
  PagedList,
} from './account-data.types.js'

const emptyList = { items: [], next: null }

/** The request of a list's next page (`more`) or first page. */
function pageRequest(context: AccountDataContext, list: AccountList, more: boolean): PageRequest {
  const { address, caipNetworkId } = context.target!
  const cursor = more ? context[list].next : null
  return { address, caipNetworkId, ...(cursor ? { cursor } : {}) }
}

/** A list after a page arrived: the first replaces, a next one appends. */
function withPage<T>(
  list: PagedList<T>,
  page: { items: readonly T[]; next: string | null },
  key: string | undefined,
  more: boolean,
): PagedList<T> {
  return {
    items: more ? [...list.items, ...page.items] : page.items,
    next: page.next,
    ...(key !== undefined ? { loadedKey: key } : {}),
  }
}

/**
 * The Account view's NFTs and Activity tabs (SPEC §2), for hosts with or without React: the
 * view's route flow sends SHOW and HIDE (route-flows.ts), the user's tab choice SELECT_TAB, the
 * end of a list LOAD_MORE. Each tab reads its first page when first selected after SHOW, and
 * pages by the server's opaque cursor. Every read is an invoked actor in the state that needs it:
 * HIDE, another account or another network stops it, so a late page never lands in the wrong
 * list. The Tokens tab's data is the balance machine's (balances/), always kept for the account.
 *
 * Failures: the history shows SPEC §8's 'Failed to fetch transactions' (emitted as
 * `historyFailed`, which the root turns into an error toast) and the list is marked empty with
 * SPEC §7's fallback `{data:[], next}`; RETRY reads it again. The reads are provided by the
 * instance (its Latch server); without a server both lists are empty.
 */
export const accountDataMachine = setup({
  types: {
    context: {} as AccountDataContext,
    events: {} as AccountDataEvent,
    emitted: {} as AccountDataEmitted,
  },
  actors: {
    /** One page of a list; the instance provides its server's (`accountDataActors`). */
    fetchPage: fromPromise<FetchedPage, PageRequest & { list: AccountList }>(async ({ input }) =>
      input.list === 'activity'
        ? { list: 'activity', page: HISTORY_FALLBACK }
        : { list: 'nfts', page: emptyList },
    ),
  },
  guards: {
    /** The view was shown on this list's tab, with an account to read. */
    loadsOnShow: ({ context }, { list }: { list: AccountList }) =>
      context.target !== undefined && context.tab === list,
    /** This list's tab is selected, and it was not read since the view was shown. */
    loadsOnSelect: ({ context }, { list }: { list: AccountList }) =>
      context.tab === list &&
      context.target !== undefined &&
      (context.stale[list] || context[list].loadedKey !== context.target.key),
    /** This list's tab is selected, with an account to show. */
    isSelected: ({ context }, { list }: { list: AccountList }) =>
      context.tab === list && context.target !== undefined,
    canLoadMore: ({ context }, { list }: { list: AccountList }) =>
      context.tab === list && context[list].next !== null,
  },
  actions: {
    assignTarget: assign(({ context, event }) => {
      if (event.type !== 'TARGET') return {}
      if (event.target?.key === context.target?.key) return { target: event.target }
      // Another account or network: nothing loaded belongs to it.
      return { target: event.target, activity: emptyList, nfts: emptyList, selectedNft: undefined }
    }),
    markStale: assign({ stale: { activity: true, nfts: true } }),
    assignTab: assign(({ context, event }) => ({
      tab: event.type === 'SELECT_TAB' ? event.tab : context.tab,
    })),
    storePage: assign(({ context }, { fetched, more }: { fetched: FetchedPage; more: boolean }) => {
      const key = context.target?.key
      if (fetched.list === 'nfts') {
        const nfts = withPage(context.nfts, fetched.page, key, more)
        return { stale: { ...context.stale, nfts: false }, nfts }
      }
      const { data, next } = fetched.page
      const activity = withPage(context.activity, { items: data, next }, key, more)
      return { stale: { ...context.stale, activity: false }, activity }
    }),
    /** SPEC §7/§8: the fallback, an empty list with no next page, and the error to show. */
    storeFailure: assign(({ context }, { list }: { list: AccountList }) => ({
      stale: { ...context.stale, [list]: false },
      [list]: {
        ...emptyList,
        loadedKey: context.target?.key,
        error: list === 'activity' ? 'FAILED_TO_FETCH_TRANSACTIONS' : 'UNKNOWN_ERROR',
      },
    })),
    /** Only the history's failure is SPEC §8's toast. */
    tellFailed: enqueueActions(({ enqueue }, { list }: { list: AccountList }) => {
      if (list === 'activity') enqueue.emit({ type: 'historyFailed' })
    }),
    assignSelectedNft: assign(({ event }) =>
      event.type === 'SELECT_NFT' ? { selectedNft: event.id } : {},
    ),
  },
}).createMachine({
  id: 'accountData',
  context: {
    tab: 'tokens',
    activity: emptyList,
    nfts: emptyList,
    stale: { activity: true, nfts: true },
  },
  initial: 'hidden',
  on: {
    SELECT_NFT: { actions: 'assignSelectedNft' },
  },
  states: {
    hidden: {
      on: {
        SHOW: { target: 'shown', actions: 'markStale' },
        TARGET: { actions: 'assignTarget' },
        SELECT_TAB: { actions: 'assignTab' },
      },
    },
    shown: {
      type: 'parallel',
      on: {
        HIDE: 'hidden',
        // Another account or network: every region starts over (this state is not inside a
        // parallel one, so re-entering it touches nothing else).
        TARGET: { target: 'shown', reenter: true, actions: 'assignTarget' },
        SELECT_TAB: { actions: 'assignTab' },
      },
      states: { activity: pagedRegion('activity'), nfts: pagedRegion('nfts') },
    },
  },
})

/**
 * One tab's list: read when its tab is selected (once per showing), paged on LOAD_MORE while
 * selected, RETRY after a failure. Both tabs follow it; only the list's name differs.
 */
function pagedRegion(list: AccountList) {
  const read = (more: boolean) =>
    ({
      invoke: {
        // Named per list: both tabs' reads may run at once.
        id: `${list}Page`,
        src: 'fetchPage',
        input: ({ context }: { context: AccountDataContext }) => ({
          ...pageRequest(context, list, more),
          list,
        }),
        onDone: {
          target: 'ready',
          actions: {
            type: 'storePage',
            params: ({ event }: { event: { output: FetchedPage } }) => ({
              fetched: event.output,
              more,
            }),
          },
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'storeFailure', params: { list } },
            { type: 'tellFailed', params: { list } },
          ],
        },
      },
    }) as const
  return {
    initial: 'deciding',
    states: {
      deciding: {
        always: [
          { guard: { type: 'loadsOnShow', params: { list } }, target: 'loading' },
          { target: 'inactive' },
        ],
      },
      inactive: {
        // The tab was picked (SELECT_TAB, handled by `shown`): read it, or show what was read.
        always: [
          { guard: { type: 'loadsOnSelect', params: { list } }, target: 'loading' },
          { guard: { type: 'isSelected', params: { list } }, target: 'ready' },
        ],
      },
      loading: read(false),
      ready: {
        on: {
          LOAD_MORE: { guard: { type: 'canLoadMore', params: { list } }, target: 'loadingMore' },
        },
      },
      loadingMore: read(true),
      failed: {
        on: { RETRY: { guard: { type: 'isSelected', params: { list } }, target: 'loading' } },
      },
    },
  } as const
}
