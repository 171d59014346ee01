import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TransactionOutcome } from '../adapter/contract.js'
import type { TokenBalance } from '../balances/token-balance.js'
import { selectStatus } from '../machines/connection.selectors.js'
import { selectRoute } from '../machines/modal.selectors.js'
import { defineNetwork } from '../network/network.js'
import { route, type Route } from '../router/routes.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import type { StoragePort } from '../storage/storage-port.js'
import { createFakeWalletConnect } from '../test/fake-walletconnect.js'
import { answerProvider, socialWorld, type SocialWorld } from '../test/social-world.js'
import { answerFarcasterApp, farcasterFrame, type FarcasterWorld } from '../test/farcaster-world.js'
import { answerEmail, EMAIL_CODE, emailFrame, type EmailWorld } from '../test/email-world.js'
import { startEmailLogin } from '../flows/email/email.views.js'
// The auth chunk, loaded already: the social login's first frame call then runs within the
// steps' settling, as it does on a page that cached the chunk.
import '../auth/auth-runtime.js'
import '../storage/index.js'
import { devnetA, devnetB } from '../testing/networks.js'
import { EVM_RECEIVER } from '../test/send-fixtures.js'
import { createPromptAdapter } from '../test/prompt-adapter.js'
import { createLatch, type Latch } from './create-latch.js'
import { selectFlow } from './root-selectors.js'

/*
 * Model-based tests over the composed system (createLatch with every machine, the adapters and
 * WalletConnect): fast-check drives random sequences of what users, hosts and wallets do, in
 * any order, with time passing, and checks the promises the issue makes after every step:
 * - a closed modal leaves nothing running (no flow, no connect or pairing, no switch, no prompt);
 * - a connect runs only while its view is on show;
 * - from every reachable state, disconnect() ends disconnected within SPEC §9's 3 s, and
 *   nothing asked before it connects afterwards;
 * - every promise a host was given settles (`latch.send` and `latch.connectSocial` included);
 * - a disconnect leaves no transaction followed;
 * - a closed modal leaves no social login running and no popup open (issue 12), no Farcaster
 *   sign-in waiting, and no email login or update running nor asking the frame (issue 28).
 */

/** Configured, but no wallet knows it yet: switching there is the 4902 → add → retry path. */
const devnetC = defineNetwork({
  id: 31339,
  chainNamespace: 'eip155',
  name: 'Latch Devnet C',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8547'] } },
})
const networks = [devnetA, devnetB, devnetC]
const WALLETS = ['io.model.a', 'io.model.b'] as const
/** The embedded wallet's connector: the prompt adapter answers it as the EVM adapter would. */
const AUTH = 'auth'
const SOCIAL_PROVIDERS = ['github', 'google'] as const

interface World {
  social: SocialWorld
  farcaster: FarcasterWorld
  email: EmailWorld
  storage: StoragePort
  wallets: ReturnType<typeof createPromptAdapter>
  wc: ReturnType<typeof createFakeWalletConnect>
  latch: Latch
  /** Every promise a host was handed, and whether it settled. */
  promises: Array<{ what: string; settled: boolean }>
  /** The chain's answers about sent transactions, waiting on the test. */
  follows: Array<(outcome: TransactionOutcome) => void>
}

/** The native coin of devnet A, as the Send view's token picker would give it. */
const ETH_ON_A: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: devnetA.caipNetworkId,
  quantity: { decimals: '18', numeric: '1' },
}

/** The prompt wallets' chain follows each sent transaction until the test answers it. */
function followingChain(world: Pick<World, 'wallets' | 'follows'>) {
  world.wallets.adapter.followTransaction = ({ signal }) =>
    new Promise<TransactionOutcome>((resolve, reject) => {
      world.follows.push(resolve)
      signal?.addEventListener('abort', () => reject(new Error('aborted')))
    })
}

function instance(world: Omit<World, 'latch' | 'promises' | 'follows'>): Latch {
  const latch = createLatch(
    {
      projectId: 'model',
      serverUrl: 'http://127.0.0.1:4000',
      networks,
      adapters: [world.wallets.adapter],
      walletConnect: {
        relayUrl: 'ws://127.0.0.1:1/',
        verifyUrl: 'http://127.0.0.1:1',
        load: world.wc.loader,
      },
    },
    {
      storage: world.storage,
      clearBrowserData: async () => {},
      authFrame: world.social.frame.authFrame,
      socialPopup: world.social.opener.open,
      fetch: async () => new Response('unavailable', { status: 503 }),
      fetchProjectConfig: () => Promise.reject(new Error('offline')),
    },
  )
  latch.start()
  return latch
}

/** Lets promise callbacks and zero-delay timers run, without moving the clock. */
async function settle() {
  for (let i = 0; i < 6; i++) await vi.advanceTimersByTimeAsync(0)
}

function track(world: World, what: string, promise: Promise<unknown>) {
  const entry = { what, settled: false }
  world.promises.push(entry)
  void promise.then(
    () => (entry.settled = true),
    () => (entry.settled = true),
  )
}

const isOpen = (latch: Latch) => latch.modal.getSnapshot().matches({ visibility: 'open' })
const shownRoute = (latch: Latch): Route | undefined =>
  isOpen(latch) ? selectRoute(latch.modal.getSnapshot()) : undefined

/** What must hold after every step. */
function checkInvariants(world: World) {
  const { latch } = world
  const connection = latch.connection.getSnapshot()
  if (!isOpen(latch)) {
    // Closing the modal during any flow leaves nothing running.
    expect(selectFlow(latch.actor.getSnapshot())).toBeUndefined()
    expect(connection.matches('connecting')).toBe(false)
    expect(latch.network.getSnapshot().matches('switching')).toBe(false)
    expect(latch.walletConnect.getSnapshot().matches('pairing')).toBe(false)
    expect(world.wallets.live().filter((p) => p.kind === 'connect')).toEqual([])
    expect(world.wc.pairings.filter((p) => !p.request.signal.aborted)).toHaveLength(0)
    // Nothing estimated or resolved for a Send view that is not on show.
    const form = latch.sendForm?.getSnapshot()
    expect(form?.matches({ editing: 'estimating' }) ?? false).toBe(false)
    expect(form?.matches({ editing: 'resolvingName' }) ?? false).toBe(false)
    // No social login runs, no popup stays open, no frame call waits for a provider.
    expect(latch.socialLogin?.getSnapshot().value ?? 'idle').toBe('idle')
    expect(world.social.opener.stillOpen()).toEqual([])
    expect(world.social.waits.filter((wait) => !wait.signal?.aborted && !wait.settled)).toEqual([])
    expect(latch.farcasterLogin?.getSnapshot().value ?? 'idle').toBe('idle')
    const { waits } = world.farcaster
    expect(waits.filter((wait) => !wait.signal?.aborted && !wait.settled)).toEqual([])
    // No email login or update runs, and no frame call of theirs waits (issue 28).
    expect(latch.emailLogin).toBeUndefined()
    expect(latch.updateEmail).toBeUndefined()
    expect(world.email.waits.filter((wait) => !wait.signal?.aborted && !wait.settled)).toEqual([])
  }
  if (connection.matches('connecting')) {
    // A connect runs only while the view that asked for it is on show.
    expect(selectFlow(latch.actor.getSnapshot())).toMatch(
      /^(connectingExternal|pairing|connectingSocial|connectingFarcaster|connectingEmail)$/,
    )
  }
}

type Command = fc.AsyncCommand<object, World>

function command(name: string, run: (world: World) => Promise<void> | void): Command {
  return {
    check: () => true,
    async run(_, world) {
      await run(world)
      await settle()
      checkInvariants(world)
    },
    toString: () => name,
  }
}

const commands = [
  fc.constant(command('open()', ({ latch }) => latch.open())),
  fc.constant(command('close()', ({ latch }) => latch.close())),
  fc.constant(command('back', ({ latch }) => latch.modal.send({ type: 'GO_BACK' }))),
  fc
    .constantFrom(...WALLETS)
    .map((id) =>
      command(`choose ${id}`, ({ latch }) =>
        latch.open({ route: route('ConnectingExternal', { connectorId: id }) }),
      ),
    ),
  fc
    .constantFrom(...WALLETS)
    .map((id) =>
      command(`host connect(${id})`, (world) =>
        track(world, `connect ${id}`, world.latch.connect({ connectorId: id })),
      ),
    ),
  fc.constant(
    command('choose WalletConnect', ({ latch }) =>
      latch.open({ route: route('ConnectingWalletConnectBasic') }),
    ),
  ),
  fc.constant(command('retry', ({ latch }) => latch.actor.send({ type: 'RETRY' }))),
  // Issue 12: the social login's clicks, its popup and the provider's answers.
  ...[1, 2].map(() =>
    fc
      .constantFrom(...SOCIAL_PROVIDERS)
      .map((provider) =>
        command(`click Continue with ${provider}`, (world) =>
          track(world, `connectSocial ${provider}`, world.latch.connectSocial(provider)),
        ),
      ),
  ),
  fc.constant(
    command('host opens ConnectingSocial', ({ latch }) =>
      latch.open({ route: route('ConnectingSocial', { provider: 'google' }) }),
    ),
  ),
  fc.constant(command('the browser blocks the next popup', ({ social }) => social.opener.block())),
  fc.constant(
    command('the visitor closes the popup', ({ social }) =>
      social.opener.stillOpen()[0]?.closeByVisitor(),
    ),
  ),
  fc.constant(
    command('the embedded wallet connects', ({ wallets }) =>
      wallets
        .live()
        .find((prompt) => prompt.connectorId === AUTH)
        ?.answer('approve'),
    ),
  ),
  // Weighted up, like the wallet's answers, so logins are often answered while still shown.
  ...[1, 2, 3].map(() =>
    fc
      .constantFrom('approves' as const, 'refuses' as const)
      .map((outcome) =>
        command(`the provider ${outcome}`, ({ social }) => answerProvider(social, outcome)),
      ),
  ),
  // Issue 12: Sign in with Farcaster, and the Farcaster app's answers.
  fc.constant(
    command('click Continue with Farcaster', (world) =>
      track(world, 'connectFarcaster', world.latch.connectFarcaster()),
    ),
  ),
  ...[1, 2].map(() =>
    fc
      .constantFrom('approves' as const, 'expires' as const)
      .map((outcome) =>
        command(`the Farcaster app ${outcome}`, (w) => answerFarcasterApp(w.farcaster, outcome)),
      ),
  ),
  // Issue 28: the email login and update, from their views or a host opening them.
  fc.constant(
    command('submit the email field on Connect', ({ latch }) => {
      if (shownRoute(latch)?.view === 'Connect')
        latch.actor.send(startEmailLogin('ada@example.com'))
    }),
  ),
  fc.constant(
    command('host opens EmailVerifyOtp', ({ latch }) =>
      latch.open({ route: route('EmailVerifyOtp', { email: 'ada@example.com' }) }),
    ),
  ),
  ...[1, 2].map(() =>
    fc
      .constantFrom('sendsCode' as const, 'asksForDevice' as const, 'fails' as const)
      .map((answer) =>
        command(`the frame ${answer} for the email`, ({ email }) => answerEmail(email, answer)),
      ),
  ),
  fc
    .constantFrom(EMAIL_CODE, '000000')
    .map((otp) =>
      command(`enter the email code ${otp}`, ({ latch }) =>
        latch.emailLogin?.send({ type: 'SUBMIT_CODE', otp }),
      ),
    ),
  fc.constant(
    command('resend the email code', ({ latch }) => latch.emailLogin?.send({ type: 'RESEND' })),
  ),
  fc.constant(
    command('update the email', ({ latch }) => {
      latch.open({ route: route('UpdateEmailWallet') })
      latch.updateEmail?.send({ type: 'SUBMIT_EMAIL', email: 'ada@new.example' })
    }),
  ),
  fc.constant(
    command('enter the update code', ({ latch }) =>
      latch.updateEmail?.send({ type: 'SUBMIT_CODE', otp: EMAIL_CODE }),
    ),
  ),
  fc.constant(
    command('host opens ApproveTransaction', ({ latch }) =>
      latch.open({ route: route('ApproveTransaction') }),
    ),
  ),
  // Issue 15: the Send view's intents, the host's page send, and the chain's answers.
  fc.constant(command('open Send', ({ latch }) => latch.open({ route: route('Send') }))),
  fc.constant(
    command('fill the send form', ({ latch }) => {
      latch.sendForm?.send({ type: 'SET_TOKEN', token: ETH_ON_A })
      latch.sendForm?.send({ type: 'SET_AMOUNT', amount: '0.1' })
      latch.sendForm?.send({ type: 'SET_RECEIVER', receiver: EVM_RECEIVER })
    }),
  ),
  fc.constant(command('press Send', ({ latch }) => latch.sendForm?.send({ type: 'SEND' }))),
  fc.constant(
    command('host send()', (world) =>
      track(world, 'send', world.latch.send({ amount: '0.000000000000000001', to: EVM_RECEIVER })),
    ),
  ),
  fc
    .tuple(
      fc.nat(),
      fc.constantFrom<TransactionOutcome>(
        { status: 'confirmed' },
        { status: 'reverted', reason: 'no' },
      ),
    )
    .map(([index, outcome]) =>
      command(`chain settles sent transaction #${index} as ${outcome.status}`, ({ follows }) =>
        follows[index % Math.max(follows.length, 1)]?.(outcome),
      ),
    ),
  fc
    .constantFrom(...networks)
    .map((network) =>
      command(`host switchNetwork(${network.id})`, (world) =>
        track(world, `switch ${network.id}`, world.latch.switchNetwork(network)),
      ),
    ),
  // The wallet's answers drive most transitions: weighted up so long flows are reached often.
  ...[1, 2, 3].map(() =>
    fc
      .tuple(fc.nat(), fc.constantFrom('approve' as const, 'reject' as const))
      .map(([index, outcome]) =>
        command(`wallet answers prompt #${index} with ${outcome}`, ({ wallets }) => {
          const open = wallets.prompts.filter((p) => !p.settled)
          open[index % Math.max(open.length, 1)]?.answer(outcome)
        }),
      ),
  ),
  fc.constant(
    command('phone wallet approves the pairing', ({ wc }) => {
      wc.pairings.find((p) => !p.request.signal.aborted)?.approve()
    }),
  ),
  fc
    .constantFrom(...WALLETS)
    .map((id) =>
      command(`${id} moves to chain 999 by itself`, ({ wallets }) =>
        wallets.emit({ type: 'chainChanged', connectorId: id, chainReference: '999' }),
      ),
    ),
  fc
    .constantFrom(...WALLETS)
    .map((id) =>
      command(`${id} reports zero accounts`, ({ wallets }) =>
        wallets.emit({ type: 'accountsChanged', connectorId: id, accounts: [] }),
      ),
    ),
  ...[1, 2].map(() =>
    fc.constant(
      command('reload the page', (world) => {
        world.latch.destroy()
        world.latch = instance(world)
      }),
    ),
  ),
  fc.constant(command('disconnect()', (world) => logout(world))),
  fc
    .constantFrom(500, 1_000, 3_000, 15_000, 240_000)
    .map((ms) => command(`${ms} ms pass`, () => vi.advanceTimersByTimeAsync(ms).then(() => {}))),
]

/** disconnect() from whatever state the system is in: settled and disconnected within 3 s. */
async function logout(world: World) {
  const { latch } = world
  let settled = false
  void latch.disconnect().then(() => (settled = true))
  await settle()
  await vi.advanceTimersByTimeAsync(3_000)
  await settle()
  expect(settled).toBe(true)
  expect(selectStatus(latch.connection.getSnapshot())).toBe('disconnected')
  expect(shownRoute(latch)).toBeUndefined()
  // Nothing asked before the logout may connect after it: answer every prompt still open.
  for (const prompt of world.wallets.prompts) prompt.answer('approve')
  world.wc.pairings.forEach((pairing) => pairing.approve())
  for (const wait of world.email.waits.filter((e) => !e.settled)) {
    wait.settled = true
    wait.answer.resolve({ action: 'VERIFY_OTP' })
  }
  for (const wait of [...world.social.waits, ...world.farcaster.waits].filter((e) => !e.settled)) {
    wait.settled = true
    wait.answer.resolve({ address: `0x${'a1'.repeat(20)}`, chainId: 'eip155:31337' })
  }
  await settle()
  expect(selectStatus(latch.connection.getSnapshot())).toBe('disconnected')
  expect(latch.getAccount().isConnected).toBe(false)
  // No transaction of an account that is gone is followed.
  expect(latch.pendingTransactions?.getSnapshot().context.pending ?? []).toEqual([])
}

describe('the composed system, model-based (fast-check)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('holds its promises under any sequence of user, host and wallet events', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30 }), async (sequence) => {
        vi.useFakeTimers()
        const storage = createMemoryStorage()
        const wallets = createPromptAdapter([...WALLETS, AUTH])
        const wc = createFakeWalletConnect()
        const farcaster: FarcasterWorld = { waits: [] }
        const email: EmailWorld = { waits: [] }
        const social = socialWorld((w) => ({
          ...farcasterFrame(farcaster)(w),
          ...emailFrame(email)(w),
        }))
        const world: World = {
          social,
          farcaster,
          email,
          storage,
          wallets,
          wc,
          latch: undefined!,
          promises: [],
          follows: [],
        }
        followingChain(world)
        world.latch = instance(world)
        try {
          await fc.asyncModelRun(() => ({ model: {}, real: world }), sequence)
          // From the state the sequence left: the host logs out.
          await logout(world)
          // Every promise a host was handed has settled.
          expect(world.promises.filter((p) => !p.settled)).toEqual([])
        } finally {
          world.latch.destroy()
          vi.useRealTimers()
        }
      }),
      { numRuns: 300 },
    )
  }, 120_000)
})
