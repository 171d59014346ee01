import {
  chooseWalletEvents,
  createLatch,
  createLatchStorage,
  createMemoryStorage,
  findConnectTarget,
  generateWalletIcon,
  selectActiveNamespace,
  type DirectoryWallet,
  type Latch,
  type LatchEnvironment,
  type LatchOptions,
  type OpenOptions,
  type RecentWallet,
  type ViewName,
  type Network,
} from '@latch/core'
import type { Decorator, Loader } from '@storybook/react-vite'
import type { ReactNode } from 'react'
import { waitFor, type AnyActorRef, type SnapshotFrom } from 'xstate'
import { LatchProvider } from '../LatchProvider.js'
import { enMessages } from '../i18n/en.js'
import { createTranslator } from '../i18n/translator.js'
import type { FakeEvmAdapter } from '../test/fake-evm-adapter.js'
import { createFakeWalletConnect, type PairingAnswer } from '../test/fake-walletconnect.js'
import { createStoryAdapter, type StoryWallet } from './story-adapter.js'
export { devnetA, devnetB, solanaLocal } from '@latch/core/testing'
import { devnetA, devnetB } from '@latch/core/testing'

export type ThemeMode = 'light' | 'dark'

/** The English catalogue, for the texts a story expects to show. */
export const t = createTranslator(enMessages)

/**
 * What a story shows, checked by src/stories/stories.test.tsx in both themes: the modal on
 * `view` (`null`: the modal stays closed), and each text of `shows` on screen.
 */
export interface StoryExpectation {
  view?: ViewName | null
  shows?: string[]
}

/** `parameters: expects('Account', '1.5 ETH')`: see {@link StoryExpectation}. */
export const expects = (view: ViewName | null | undefined, ...shows: string[]) => ({
  latch: { ...(view !== undefined ? { view } : {}), shows } satisfies StoryExpectation,
})

/** An announced browser wallet with a generated icon (no image is ever fetched). */
export const storyWallet = (id: string, name: string, init: Partial<StoryWallet> = {}) =>
  ({ id, name, imageUrl: generateWalletIcon(name, id), ...init }) satisfies StoryWallet

/** `count` directory wallets, `Wallet 0000`…, with generated icons (`@latch/core/testing`). */
export { directoryWallets as storyDirectory } from '@latch/core/testing'

/**
 * A wallet directory service (SPEC §7 GET /getWallets) that never answers, or always fails:
 * the AllWallets loading and error states. Injected as `fetch`, so nothing leaves the page.
 */
export function unreachableDirectory(mode: 'hold' | 'fail'): LatchEnvironment['directory'] {
  return {
    baseUrl: 'https://directory.invalid',
    fetch: async () =>
      mode === 'hold'
        ? new Promise<Response>(() => undefined)
        : new Response('unavailable', { status: 503 }),
  }
}

export interface StoryLatchInput {
  /** Wallets the adapter announces. */
  wallets?: StoryWallet[]
  /** Default devnet A and B. */
  networks?: Network[]
  /** The wallet directory: local wallets (default the built-in module), or a service's env. */
  directory?: readonly DirectoryWallet[] | LatchEnvironment['directory']
  /** Recent wallets already in storage, most recent first. */
  recentWallets?: RecentWallet[]
  options?: Partial<LatchOptions>
  /** Offer WalletConnect, its proposals answered in memory as scripted (no relay). */
  pairing?: PairingAnswer
  /** The fetch of the instance's server calls (a scripted server, see account-server.ts). */
  fetch?: typeof fetch
  /** A scripted secure frame, for the email views (`scriptedFrame` from `@latch/core/testing`). */
  authFrame?: LatchEnvironment['authFrame']
  /** The social login's popups, in memory (`fakeOpener` from `@latch/core/testing`). */
  socialPopup?: LatchEnvironment['socialPopup']
}

/** A running Latch on scripted wallets, and the moves a story makes to reach its state. */
export interface StoryKit {
  latch: Latch
  fake: FakeEvmAdapter
  /** Connects a wallet (CONNECT, as the views send it) and waits until core has the connection. */
  connect(connectorId: string): Promise<void>
  /** Picks a wallet as the Connect view does: CONNECT, and the waiting view pushed. */
  choose(connectorId: string): void
  open(request?: OpenOptions): void
  /** Waits until an actor of the instance reaches a state. */
  until<A extends AnyActorRef>(actor: A, predicate: (s: SnapshotFrom<A>) => boolean): Promise<void>
}

/** A real `createLatch` on in-memory storage and the scripted adapter, started. */
export function createStoryLatch(themeMode: ThemeMode, input: StoryLatchInput = {}): StoryKit {
  const { adapter, fake } = createStoryAdapter(input.wallets ?? [])
  const storage = createMemoryStorage()
  if (input.recentWallets) {
    // Stored the way core stores them: the most recent is added last.
    const stored = createLatchStorage({ port: storage, prefix: input.options?.storageKeyPrefix })
    for (const wallet of [...input.recentWallets].reverse()) stored.addRecentWallet(wallet)
  }
  const directory = Array.isArray(input.directory)
    ? { wallets: input.directory as readonly DirectoryWallet[] }
    : (input.directory as LatchEnvironment['directory'])
  const latch = createLatch(
    {
      projectId: 'storybook',
      networks: input.networks ?? [devnetA, devnetB],
      adapters: [adapter],
      themeMode,
      ...(input.pairing
        ? { walletConnect: { load: createFakeWalletConnect(input.pairing).loader } }
        : {}),
      ...input.options,
    } as LatchOptions,
    {
      storage,
      clearBrowserData: async () => undefined,
      ...(directory ? { directory } : {}),
      ...(input.fetch ? { fetch: input.fetch } : {}),
      ...(input.authFrame ? { authFrame: input.authFrame } : {}),
      ...(input.socialPopup ? { socialPopup: input.socialPopup } : {}),
    },
  )
  latch.start()

  const until: StoryKit['until'] = async (actor, predicate) => {
    await waitFor(actor, predicate, { timeout: 5_000 })
  }
  const target = (connectorId: string) => {
    const found = findConnectTarget(
      latch.actor.getSnapshot().context.connectors,
      connectorId,
      selectActiveNamespace(latch.network.getSnapshot()),
    )
    if (!found) throw new Error(`No announced wallet ${connectorId}.`)
    return found
  }
  return {
    latch,
    fake,
    async connect(connectorId) {
      // The user's path: the wallet's waiting view, which makes core ask the wallet.
      latch.open({
        route: {
          view: 'ConnectingExternal',
          data: { connectorId: target(connectorId).connector.id },
        },
      })
      await until(latch.connection, (s) =>
        s.context.connections.some((c) => c.connectorId === connectorId),
      )
    },
    choose(connectorId) {
      latch.modal.send(chooseWalletEvents(target(connectorId)).modal)
    },
    open: (request) => latch.open(request),
    until,
  }
}

/** What a scene's loader hands to the story's render. */
export interface SceneLoaded {
  latch: Latch
}

/**
 * A story's loader: creates the instance in the toolbar's theme, then drives its machines into
 * the story's state before anything renders, so the story shows a real machine snapshot.
 * Storybook runs loaders again when the theme changes, so each theme gets its own instance.
 */
export function scene(
  input: StoryLatchInput,
  reach: (kit: StoryKit) => Promise<void> | void,
): Loader {
  return async ({ globals }): Promise<SceneLoaded> => {
    const kit = createStoryLatch(globals.theme === 'dark' ? 'dark' : 'light', input)
    // Running (its I/O chunk loaded, the wallets discovered) before the story drives it.
    await kit.latch.ready()
    await reach(kit)
    return { latch: kit.latch }
  }
}

/** The host page of every story: the provider (which renders the modal) around `children`. */
export function renderScene(loaded: Record<string, unknown>, children?: ReactNode) {
  const { latch } = loaded as Partial<SceneLoaded>
  if (!latch) throw new Error('This story has no scene loader.')
  return <LatchProvider latch={latch}>{children}</LatchProvider>
}

/** Stops the instance a scene created when Storybook leaves (or re-renders) the story. */
export const destroyScene = (loaded: Record<string, unknown>) => () =>
  (loaded as Partial<SceneLoaded>).latch?.destroy()

/** The page behind the modal follows the theme, so the backdrop reads as it would on a host. */
export const themedPage: Decorator = (Story, { globals }) => {
  document.body.style.background = globals.theme === 'dark' ? '#0b0c0e' : '#ffffff'
  return <Story />
}
