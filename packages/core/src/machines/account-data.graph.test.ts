import { getShortestPaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { accountDataMachine } from './account-data.machine.js'
import { selectActivity, selectNfts } from './account-data.selectors.js'
import type { AccountDataEvent, AccountDataTarget, FetchedPage } from './account-data.types.js'

describe('account-data machine: invariants on every reachable state (@xstate/graph)', () => {
  const target = (address: string): AccountDataTarget => ({
    key: `eip155|${address}|eip155:1`,
    namespace: 'eip155',
    address,
    caipNetworkId: 'eip155:1',
  })
  const page = (list: 'activity' | 'nfts', next: string | null): FetchedPage =>
    list === 'activity' ? { list, page: { data: [], next } } : { list, page: { items: [], next } }
  // Actor results are events too: the traversal feeds them like any other.
  const actorResult = (type: string, payload: object) =>
    ({ type, ...payload }) as unknown as AccountDataEvent
  const events: AccountDataEvent[] = [
    { type: 'TARGET', target: target('0xa') },
    { type: 'TARGET', target: target('0xb') },
    { type: 'TARGET', target: undefined },
    { type: 'SHOW' },
    { type: 'HIDE' },
    { type: 'SELECT_TAB', tab: 'tokens' },
    { type: 'SELECT_TAB', tab: 'nfts' },
    { type: 'SELECT_TAB', tab: 'activity' },
    { type: 'LOAD_MORE' },
    { type: 'RETRY' },
    ...(['activity', 'nfts'] as const).flatMap((list) => [
      actorResult(`xstate.done.actor.${list}Page`, { output: page(list, 'next') }),
      actorResult(`xstate.done.actor.${list}Page`, { output: page(list, null) }),
      actorResult(`xstate.error.actor.${list}Page`, { error: new Error('down') }),
    ]),
  ]
  type Snapshot = ReturnType<typeof accountDataMachine.getInitialSnapshot>
  const serializeState = (s: Snapshot) => JSON.stringify({ value: s.value, context: s.context })
  const states = getShortestPaths(accountDataMachine, { events, serializeState }).map(
    (path) => path.state,
  )
  const views = (s: Snapshot) => [selectActivity(s), selectNfts(s)]

  it('explores reading, paging and failing on both tabs', () => {
    for (const status of ['loading', 'loadingMore', 'ready', 'failed']) {
      expect(states.some((s) => selectActivity(s).status === status)).toBe(true)
      expect(states.some((s) => selectNfts(s).status === status)).toBe(true)
    }
  })

  it('reads only while shown, with an account, on the selected tab', () => {
    for (const s of states) {
      const reading = views(s).filter((v) => v.status === 'loading' || v.status === 'loadingMore')
      if (reading.length === 0) continue
      expect(s.matches('shown')).toBe(true)
      expect(s.context.target).toBeDefined()
    }
  })

  it('runs nothing while hidden', () => {
    for (const s of states.filter((state) => state.matches('hidden'))) {
      expect(Object.keys(s.children)).toEqual([])
      expect(views(s).map((v) => v.status)).toEqual(['idle', 'idle'])
    }
  })

  it('shows a failed list empty, with no next page and its reason', () => {
    for (const s of states) {
      for (const view of views(s).filter((v) => v.status === 'failed')) {
        expect(view.items).toEqual([])
        expect(view.hasMore).toBe(false)
        expect(view.error).toBeDefined()
      }
    }
  })

  it('keeps loaded items only for the account they were read for', () => {
    for (const s of states) {
      for (const list of [s.context.activity, s.context.nfts]) {
        if (list.loadedKey !== undefined) expect(list.loadedKey).toBe(s.context.target?.key)
      }
    }
  })
})
