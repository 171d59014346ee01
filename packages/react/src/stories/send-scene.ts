import { selectRoute, type SendActor, type SendEvent } from '@latch/core'
import {
  accountServerFetch,
  STORY_SERVER_URL,
  storyBalances,
  type AccountServerScript,
} from './account-server.js'
import {
  createStoryLatch,
  storyWallet,
  type StoryKit,
  type StoryLatchInput,
  type ThemeMode,
} from './story-latch.js'
import type { StoryWallet } from './story-adapter.js'

/*
 * The Send view's scenes, shared by its stories and its tests: the dev wallet connected on
 * devnet A, its tokens (ETH and LTT, priced) from a Latch server answered in memory, and the
 * Send view pushed over Account, as the Account view's button does. The wallet's answers (the
 * fee, the send, how the transaction ends) are scripted per scene (story-adapter.ts).
 */

/** A receiver on devnet A that is not the dev wallet. */
export const RECEIVER = `0x${'22'.repeat(20)}`

/** A name the scenes' server resolves to {@link RECEIVER}, with an inline avatar. */
export const RECEIVER_NAME = 'alice.latch.id'

/** An inline avatar: nothing is fetched. */
export const RECEIVER_AVATAR = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="32" fill="#0a7d5a"/></svg>',
)}`

export interface SendSceneInput {
  /** How the dev wallet answers: fee, send, outcome (see StoryWallet). */
  wallet?: Partial<StoryWallet>
  /** The server's answers; default the priced ETH + LTT balances and {@link RECEIVER_NAME}. */
  server?: AccountServerScript
}

/** The instance's input for a Send scene: the dev wallet as scripted, and the in-memory server. */
export function sendLatchInput(input: SendSceneInput = {}): StoryLatchInput {
  const script: AccountServerScript = {
    balances: storyBalances,
    names: { [RECEIVER_NAME]: { address: RECEIVER, avatar: RECEIVER_AVATAR } },
    ...input.server,
  }
  return {
    wallets: [storyWallet('io.dev', 'Dev Wallet', input.wallet)],
    options: { serverUrl: STORY_SERVER_URL },
    fetch: accountServerFetch(script),
  }
}

/** A running instance for a Send scene (not yet connected). */
export function createSendKit(themeMode: ThemeMode, input: SendSceneInput = {}): StoryKit {
  return createStoryLatch(themeMode, sendLatchInput(input))
}

/**
 * Connects the dev wallet, opens Account and pushes `view` over it, as the Account view's
 * buttons do (so Back returns to Account).
 */
export async function openOverAccount(kit: StoryKit, view: 'Send' | 'Receive'): Promise<void> {
  await kit.latch.ready()
  await kit.connect('io.dev')
  kit.open()
  await kit.until(kit.latch.modal, (s) => selectRoute(s).view === 'Account')
  kit.latch.modal.send({ type: 'PUSH', route: { view } })
  await kit.until(kit.latch.modal, (s) => selectRoute(s).view === view)
}

/** {@link openOverAccount} for Send; resolves with the send machine once it has the account's tokens. */
export async function openSend(kit: StoryKit): Promise<SendActor> {
  await openOverAccount(kit, 'Send')
  const form = kit.latch.sendForm
  if (!form) throw new Error('The instance runs, so its send machine exists.')
  await kit.until(form, (s) => s.context.tokenBalances.length > 0)
  return form
}

/** The send machine's token of `symbol` among the account's balances. */
export function tokenOf(form: SendActor, symbol: string) {
  const token = form.getSnapshot().context.tokenBalances.find((t) => t.symbol === symbol)
  if (!token) throw new Error(`No ${symbol} among the scene's balances.`)
  return token
}

/** Fills the form as the view does, one intent each: the token, the amount, the receiver. */
export function fill(
  form: SendActor,
  { symbol, amount, receiver }: { symbol?: string; amount?: string; receiver?: string },
) {
  const events: SendEvent[] = [
    ...(symbol ? [{ type: 'SET_TOKEN' as const, token: tokenOf(form, symbol) }] : []),
    ...(amount !== undefined ? [{ type: 'SET_AMOUNT' as const, amount }] : []),
    ...(receiver !== undefined ? [{ type: 'SET_RECEIVER' as const, receiver }] : []),
  ]
  for (const event of events) form.send(event)
}
