import {
  createLatch,
  createMemoryStorage,
  type AdapterEvent,
  type ChainAdapter,
  type Connector,
  type Latch,
  type LatchOptions,
  type Network,
} from '@latch/core'
import { act, render, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { StrictMode, type ReactNode } from 'react'
import { expect } from 'vitest'
import { LatchContext } from '../context.js'
import { LatchProvider } from '../LatchProvider.js'
import { enMessages } from '../i18n/en.js'
import { createTranslator } from '../i18n/translator.js'
export { devnetA, devnetB, solanaLocal } from '@latch/core/testing'
import { devnetA, devnetB } from '@latch/core/testing'

/**
 * Test kit for the account-side views: a scripted EVM adapter whose wallets answer switch
 * requests, balance reads and add-chain calls as each test says, a real `createLatch` around it,
 * and the modal rendered through `<LatchProvider>` (optionally in StrictMode).
 */

/** One wallet behind the scripted adapter; tests change its fields between steps. */
export interface ScriptedWallet {
  connector: Connector
  address: string
  chainReference: string
  /** Chains the wallet knows; a switch elsewhere answers 4902 until the chain is added. */
  knownChains: Set<string>
  /** Answers to the next switch requests, in order, before the 4902 check: 'ok' or an error code. */
  switchAnswers: Array<'ok' | number>
  /** When set, switch requests wait for it (so a test can see the pending state). */
  switchGate?: Promise<void>
  /** When set, add-chain requests wait for it. */
  addGate?: Promise<void>
  /** Base units of ETH; 'fail' rejects the read; 'hold' never answers. */
  balance: bigint | 'fail' | 'hold'
}

export function scriptedWallet(
  id: string,
  overrides: Partial<ScriptedWallet> = {},
): ScriptedWallet {
  return {
    connector: {
      id,
      type: 'ANNOUNCED',
      name: `Wallet ${id}`,
      imageUrl: `data:image/svg+xml,%3Csvg%20id%3D%22${id}%22%2F%3E`,
      rdns: `test.${id}`,
      chain: 'eip155',
    },
    address: `0x${id
      .padStart(40, '0')
      .slice(-40)
      .replace(/[^0-9a-f]/g, 'a')}`,
    chainReference: '31337',
    knownChains: new Set(['31337']),
    switchAnswers: [],
    balance: 1_500_000_000_000_000_000n,
    ...overrides,
  }
}

/** A promise a test opens when it wants: holds a wallet prompt "open" meanwhile. */
export function gate() {
  let release!: () => void
  const promise = new Promise<void>((resolve) => (release = resolve))
  return { promise, release: () => act(async () => release()) }
}

const walletError = (code: number) =>
  Object.assign(new Error(code === 4001 ? 'User rejected the request.' : `wallet error ${code}`), {
    code,
  })

/** An in-memory EVM ChainAdapter driven by {@link ScriptedWallet}s; `calls` records every request. */
export function scriptedAdapter(wallets: ScriptedWallet[]) {
  const listeners = new Set<(event: AdapterEvent) => void>()
  const calls: string[] = []
  const find = (connectorId: string) => {
    const wallet = wallets.find((w) => w.connector.id === connectorId)
    if (!wallet) throw Object.assign(new Error('Provider not found.'), { code: 4900 })
    return wallet
  }
  const emit = (event: AdapterEvent) => listeners.forEach((listener) => listener(event))
  const result = (w: ScriptedWallet) => ({
    connectorId: w.connector.id,
    accounts: [{ address: w.address, type: 'eoa' as const }],
    chainReference: w.chainReference,
  })

  const adapter: ChainAdapter = {
    namespace: 'eip155',
    watchConnectors(onConnectors) {
      onConnectors(wallets.map((w) => w.connector))
      return () => undefined
    },
    async connect({ connectorId }) {
      calls.push(`connect:${connectorId}`)
      return result(find(connectorId))
    },
    async reconnect() {
      return null
    },
    async disconnect({ connectorId }) {
      calls.push(`disconnect:${connectorId}`)
    },
    async getAccounts({ connectorId }) {
      return result(find(connectorId)).accounts
    },
    async switchNetwork({ connectorId, network }) {
      calls.push(`switch:${network.caipNetworkId}`)
      const wallet = find(connectorId)
      await wallet.switchGate
      const answer = wallet.switchAnswers.shift() ?? 'ok'
      if (answer !== 'ok') throw walletError(answer)
      const reference = String(network.id)
      if (!wallet.knownChains.has(reference)) throw walletError(4902)
      wallet.chainReference = reference
      emit({ type: 'chainChanged', connectorId, chainReference: reference })
    },
    async addNetwork({ connectorId, network }) {
      calls.push(`add:${network.caipNetworkId}`)
      const wallet = find(connectorId)
      await wallet.addGate
      wallet.knownChains.add(String(network.id))
    },
    getBalance({ address }) {
      calls.push(`balance:${address}`)
      const wallet = wallets.find((w) => w.address === address)
      if (wallet?.balance === 'hold') return new Promise(() => undefined)
      if (wallet?.balance === 'fail') return Promise.reject(new Error('rpc down'))
      return Promise.resolve({ value: wallet?.balance ?? 0n, decimals: 18, symbol: 'ETH' })
    },
    async signMessage() {
      return `0x${'ab'.repeat(65)}`
    },
    async estimateGas() {
      return 21_000n
    },
    async sendTransaction() {
      return `0x${'12'.repeat(32)}`
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return { adapter, calls, emit }
}

export interface RenderAccountOptions {
  wallets?: ScriptedWallet[]
  networks?: Network[]
  strict?: boolean
  options?: Partial<LatchOptions>
}

/** A real Latch on the scripted adapter (not rendered). */
export function createAccountLatch({
  wallets = [scriptedWallet('a')],
  networks = [devnetA, devnetB],
  options = {},
}: Omit<RenderAccountOptions, 'strict'> = {}) {
  const scripted = scriptedAdapter(wallets)
  const latch = createLatch(
    { projectId: 'p', networks, adapters: [scripted.adapter], ...options } as LatchOptions,
    { storage: createMemoryStorage() },
  )
  // What <LatchProvider> does on mount; idempotent, so rendering later changes nothing.
  latch.start()
  return { latch, wallets, ...scripted }
}

/** A real Latch on the scripted adapter, rendered with its modal. */
export function renderAccount({ strict = false, ...rest }: RenderAccountOptions = {}) {
  const kit = createAccountLatch(rest)
  const tree = <LatchProvider latch={kit.latch} />
  const rendered = render(strict ? <StrictMode>{tree}</StrictMode> : tree)
  return { ...kit, rendered, modal: modalQueries }
}

/** One view rendered on its own, outside the modal: core's navigation then cannot unmount it. */
export function renderViewAlone(latch: Latch, view: ReactNode) {
  const value = { latch, t: createTranslator(enMessages) }
  const rendered = render(<LatchContext.Provider value={value}>{view}</LatchContext.Provider>)
  return { ...rendered, ui: within(rendered.container) }
}

/** The modal's shadow content: the only place the views render. */
export function modalRoot(): HTMLElement {
  const root = document.querySelector('latch-modal')?.shadowRoot?.querySelector('div')
  if (!root) throw new Error('The modal is not mounted.')
  return root as HTMLElement
}

/**
 * jsdom 29 clears its computed-style cache only for mutations of "attached" nodes, and nodes in
 * a shadow root never count as attached: after a `hidden` or class change in the modal,
 * getComputedStyle (and so Testing Library's role queries and axe) would see the old styles.
 * Editing a stylesheet clears the cache too, without a DOM mutation (a mutation would wake
 * waitFor's MutationObserver and loop). Browsers need none of this.
 */
export function refreshStyles() {
  let style = document.head.querySelector<HTMLStyleElement>('style[data-latch-restyle]')
  if (!style) {
    style = document.createElement('style')
    style.dataset.latchRestyle = ''
    document.head.append(style)
  }
  style.sheet?.insertRule('latch-restyle {}', 0)
  style.sheet?.deleteRule(0)
}

const bindQueries = (element: HTMLElement) => within(element)
/** Testing Library's default queries, bound to an element. */
export type ModalQueries = ReturnType<typeof bindQueries>

/**
 * Testing Library queries bound to the modal, each starting from fresh styles (see
 * refreshStyles). A `findBy*` query refreshes them on every try: the modal reveals the view it
 * prepared while closed by dropping a `display: none` (issue 16), which jsdom would not see.
 */
export function modalQueries(): ModalQueries {
  const queries = bindQueries(modalRoot())
  return new Proxy(queries, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver)
      if (typeof value !== 'function') return value
      const query = value as (...a: unknown[]) => unknown
      const getter: unknown =
        typeof key === 'string' && key.startsWith('find')
          ? Reflect.get(target, key.replace(/^find/, 'get'), receiver)
          : undefined
      if (typeof getter === 'function') {
        // findBy*(matcher, options, waitForOptions) is waitFor(() => getBy*(matcher, options)).
        return (
          matcher: unknown,
          options?: unknown,
          waitForOptions?: Parameters<typeof waitFor>[1],
        ) =>
          waitFor(() => {
            refreshStyles()
            return (getter as (...a: unknown[]) => unknown)(matcher, options)
          }, waitForOptions)
      }
      return (...args: unknown[]) => {
        refreshStyles()
        return query(...args)
      }
    },
  })
}

/** The focused element inside the modal's shadow root (document.activeElement is its host). */
export function focusedInModal(): Element | null {
  return (modalRoot().getRootNode() as ShadowRoot).activeElement
}

/** Connects `wallet` the way the Connect view does, and waits until core says connected. */
export async function connectWallet(latch: Latch, wallet: ScriptedWallet) {
  // Running first (its listeners tell the modal about the connection as it happens).
  await act(() => latch.ready())
  act(() => {
    latch.connection.send({ type: 'CONNECT', connector: wallet.connector, namespace: 'eip155' })
  })
  await waitFor(() =>
    expect(latch.connection.getSnapshot().context.connections.map((c) => c.connectorId)).toContain(
      wallet.connector.id,
    ),
  )
}

/** Opens the modal (explicitly on `view`, or where the opening rules say). */
export function openModal(latch: Latch, route?: Parameters<Latch['open']>[0]) {
  act(() => latch.open(route))
}

/** axe-core on the modal's current content; the violations, by rule and target, for a readable diff. */
export async function axeViolations(element: Element = modalRoot()) {
  refreshStyles()
  const results = await axe.run(element)
  return results.violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target) }))
}
