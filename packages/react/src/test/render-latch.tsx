import { computeAccessibleName } from 'dom-accessibility-api'
import {
  createLatch,
  createLatchStorage,
  createMemoryStorage,
  selectRoute,
  type DirectoryWallet,
  type Latch,
  type LatchEnvironment,
  type LatchOptions,
  type OpenOptions,
  type RecentWallet,
} from '@latch/core'
import {
  act,
  fireEvent,
  render,
  waitFor,
  within,
  type BoundFunctions,
  type queries,
  type RenderResult,
} from '@testing-library/react'
import { userEvent, type UserEvent } from '@testing-library/user-event'
import axe from 'axe-core'
import { Profiler, StrictMode, type ProfilerOnRenderCallback, type ReactNode } from 'react'
import { expect } from 'vitest'
import { LatchProvider } from '../LatchProvider.js'
import type { Messages } from '../i18n/translator.js'
import {
  createFakeEvmAdapter,
  type FakeEvmAdapter,
  type FakeWalletInit,
} from './fake-evm-adapter.js'
export { devnetA, devnetB } from '@latch/core/testing'
import { devnetA, devnetB } from '@latch/core/testing'

/**
 * Renders a real Latch for view tests:
 *
 *   const t = renderLatch({ wallets: [{ id: 'io.dev', name: 'Dev' }], open: true })
 *   await t.user.click(t.modal().getByRole('button', { name: /Dev/ }))
 *   t.fake.answerPending('io.dev', 'approve')
 *   expect(await t.axe()).toEqual([])
 *
 * `createLatch` runs for real (machines, router, storage in memory); only the chain is fake: an
 * EVM-like adapter that announces `wallets` and answers connects as each wallet is scripted
 * (see {@link FakeWalletInit}). The modal renders in its shadow root; `modal()` queries inside.
 */
export interface RenderLatchOptions {
  /** Wallets the fake adapter announces at start-up (more later with `fake.announce`). */
  wallets?: FakeWalletInit[]
  /** Latch options over `{ projectId: 'p', networks: [devnetA, devnetB], adapters: [fake] }`. */
  options?: Partial<LatchOptions>
  /** The environment; storage defaults to a fresh in-memory store. */
  env?: LatchEnvironment
  /** Recent wallets already in storage (SPEC §3), most recent first. */
  recentWallets?: RecentWallet[]
  /** The local wallet directory; default the built-in one. See {@link testDirectory}. */
  directory?: readonly DirectoryWallet[]
  /** Rendered inside the provider, e.g. `<ConnectButton />`. */
  /** A host's translations, given to LatchProvider. */
  messages?: Messages
  children?: ReactNode
  /** Render in React.StrictMode (double effects), as hosts often do. */
  strict?: boolean
  /** Open the modal once mounted: `true` follows the opening rules; or an explicit request. */
  open?: true | OpenOptions
  /** Told of every React commit in the provider's tree, the modal's included (React's Profiler). */
  onRender?: ProfilerOnRenderCallback
}

/** `count` directory wallets, `Wallet 0000`…, with generated icons (`@latch/core/testing`). */
export { directoryWallets as testDirectory } from '@latch/core/testing'

/** The modal's content root inside its shadow root (throws when the modal is not mounted). */
export function modalRoot(): HTMLElement {
  const root = document.querySelector('latch-modal')?.shadowRoot?.querySelector('div')
  if (!root) throw new Error('The modal is not mounted.')
  return root as HTMLElement
}

export type ModalQueries = BoundFunctions<typeof queries>

/** Testing Library queries scoped to the modal. */
export const modal = (): ModalQueries => within(modalRoot())

/** The focused element inside the modal (document.activeElement is only the shadow host). */
export function focusedInModal(): Element | null {
  return (modalRoot().getRootNode() as ShadowRoot).activeElement
}

const TABBABLE = 'a[href], button, input, select, textarea, [tabindex]'

/** The modal's Tab order: focusable, not disabled, not tabindex=-1, rendered (document order). */
export function tabbablesInModal(): HTMLElement[] {
  return Array.from(modalRoot().querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (element) =>
      element.tabIndex >= 0 &&
      !(element as HTMLButtonElement).disabled &&
      !element.closest('[inert]') &&
      element.getClientRects().length > 0,
  )
}

/**
 * Presses Tab (or Shift+Tab) in the modal as a browser would. user-event's Tab does not enter
 * shadow roots, so this plays the browser's part: the keydown goes to the focused element (the
 * focus trap may take it, e.g. to wrap around), and if nothing prevented it, focus moves to the
 * next element of {@link tabbablesInModal}. Resolves with the newly focused element.
 */
export async function pressTab({ shift = false } = {}): Promise<Element | null> {
  const active = focusedInModal() ?? document.body
  const proceed = fireEvent.keyDown(active, { key: 'Tab', code: 'Tab', shiftKey: shift })
  if (proceed) {
    const order = tabbablesInModal()
    const index = order.indexOf(active as HTMLElement)
    const next = index < 0 ? order[shift ? order.length - 1 : 0] : order[index + (shift ? -1 : 1)]
    act(() => next?.focus())
  }
  fireEvent.keyUp(focusedInModal() ?? document.body, { key: 'Tab', code: 'Tab', shiftKey: shift })
  // Let the focus trap's own focus moves settle.
  await act(async () => undefined)
  return focusedInModal()
}

/**
 * Types into a text field of the modal, one input event per character, then lets effects run.
 * user-event's `type` cannot be used there: it only prepares fields it sees focused at the
 * document, and inside a shadow root it sees the host, so React never hears the change.
 * `text` is appended; pass `{ replace: true }` to start from an empty field.
 */
export async function typeInModal(
  field: HTMLElement,
  text: string,
  { replace = false }: { replace?: boolean } = {},
): Promise<void> {
  const input = field as HTMLInputElement
  act(() => input.focus())
  let value = replace ? '' : input.value
  if (replace) fireEvent.change(input, { target: { value } })
  for (const char of text) {
    value += char
    fireEvent.change(input, { target: { value } })
  }
  await act(async () => undefined)
}

/** The accessible names of the buttons in `element`, in document order (as a screen reader reads them). */
export function buttonNames(element: Element): string[] {
  return [...element.querySelectorAll('button')].map((button) => computeAccessibleName(button))
}

export interface AxeViolation {
  id: string
  targets: unknown[]
}

/** axe-core on the modal's content: its violations by rule and targets (expect `[]`). */
export async function axeViolations(element: Element = modalRoot()): Promise<AxeViolation[]> {
  const results = await axe.run(element)
  return results.violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target) }))
}

/** What {@link renderLatch} returns. */
export interface RenderedLatch {
  latch: Latch
  /** The fake adapter: `setAnswer`, `answerPending`, `announce`, `emit`, `calls`. */
  fake: FakeEvmAdapter
  /** `userEvent.setup()`: click and keyboard work in the modal; for Tab and typing see below. */
  user: UserEvent
  rendered: RenderResult
  /** Testing Library queries scoped to the modal's shadow root. */
  modal(): ModalQueries
  modalRoot(): HTMLElement
  /** The focused element inside the modal, or null. */
  focused(): Element | null
  /** Tab / Shift+Tab inside the modal, as a browser does (see {@link pressTab}). */
  tab(options?: { shift?: boolean }): Promise<Element | null>
  /** Types into a field of the modal (see {@link typeInModal}; user-event's `type` can't). */
  type(field: HTMLElement, text: string, options?: { replace?: boolean }): Promise<void>
  /** axe-core's violations in the modal (expect `[]`). */
  axe(element?: Element): Promise<AxeViolation[]>
  /** Opens the modal, as `latch.open` (inside act). */
  open(request?: OpenOptions): void
  /** The view the router shows. */
  view(): string
  /** Waits until core has a connection for `connectorId`. */
  connected(connectorId: string): Promise<void>
}

/** Renders a Latch with the fake adapter; see {@link RenderLatchOptions}. */
/**
 * Renders the provider around a real instance and waits until the instance runs (its I/O chunk
 * loaded, the scripted wallets discovered), as it does on a host page before a visitor clicks.
 */
export async function renderLatch(input: RenderLatchOptions = {}): Promise<RenderedLatch> {
  const fake = createFakeEvmAdapter(input.wallets ?? [])
  const storage = createMemoryStorage()
  if (input.recentWallets) {
    // Stored the way core stores them: the most recent is added last.
    const stored = createLatchStorage({ port: storage, prefix: input.options?.storageKeyPrefix })
    for (const wallet of [...input.recentWallets].reverse()) stored.addRecentWallet(wallet)
  }
  const env: LatchEnvironment = {
    storage,
    clearBrowserData: async () => undefined,
    ...(input.directory ? { directory: { wallets: input.directory } } : {}),
    ...input.env,
  }
  const latch = createLatch(
    {
      projectId: 'p',
      networks: [devnetA, devnetB],
      adapters: [fake.adapter],
      ...input.options,
    } as LatchOptions,
    env,
  )
  const user = userEvent.setup()
  const provider = (
    <LatchProvider latch={latch} messages={input.messages}>
      {input.children}
    </LatchProvider>
  )
  const tree = input.onRender ? (
    <Profiler id="latch" onRender={input.onRender}>
      {provider}
    </Profiler>
  ) : (
    provider
  )
  const rendered = render(input.strict ? <StrictMode>{tree}</StrictMode> : tree)
  await act(() => latch.ready())
  const open = (request?: OpenOptions) => act(() => latch.open(request))
  if (input.open) open(input.open === true ? undefined : input.open)

  return {
    latch,
    fake,
    user,
    rendered,
    modal,
    modalRoot,
    focused: focusedInModal,
    tab: pressTab,
    type: typeInModal,
    axe: axeViolations,
    open,
    view: () => selectRoute(latch.modal.getSnapshot()).view,
    async connected(connectorId: string) {
      await waitFor(() =>
        expect(
          latch.connection.getSnapshot().context.connections.map((c) => c.connectorId),
        ).toContain(connectorId),
      )
    },
  }
}
